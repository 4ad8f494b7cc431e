import { expect } from 'vitest';
import { baseURL } from './browser';
import { TENANT } from './fixtures';

/** What the public forms send to ask to join; the Founder's List adds the ideal allocation. */
export interface JoinRequestBody {
  prefix: string;
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phoneCountry: string;
  phone: string;
  dateOfBirth: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  stateCode: string;
  zipCode: string;
  countryCode: string;
  idealAllocation?: string;
}

/**
 * Asks to join the allocation list (`POST /v1/allocation-request`) or the Founder's List
 * (`POST /v1/founders-list`) as the form does, and answers the request's id.
 */
export async function askToJoin(list: 'allocation' | 'founders-list', body: JoinRequestBody): Promise<string> {
  const path = list === 'allocation' ? '/v1/allocation-request' : '/v1/founders-list';
  const answer = await fetch(`${baseURL()}${path}`, {
    method: 'POST',
    headers: { tenant: TENANT, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status, `POST ${path}`).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}
