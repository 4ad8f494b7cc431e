import { beforeAll, inject } from 'vitest';

/** The demo producer the browser tests' server seeds; every fixture is made in it. */
export const TENANT = 'demo';
/** The password of every member and staff user a fixture makes. */
export const PASSWORD = 'Vintage-2026!';

/** The demo members whose situation a new member can be made in (seed: README "Demo sign-ins"). */
export type DemoStory = 'offering' | 'ordered' | 'member' | 'expired';

export interface Member {
  email: string;
  password: string;
  customerId: string;
  /** Numbers of the orders copied from the demo member's, oldest first. */
  orderNumbers: string[];
}

export interface Staff {
  email: string;
  password: string;
}

async function fixture<T>(path: string, body: object): Promise<T> {
  const response = await fetch(`${inject('baseURL')}/__test/fixtures${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...inject('fixturesHeaders') },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST /__test/fixtures${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A member of this spec's own in the situation of a demo member: offering@ (an open offering,
 * nothing ordered), ordered@ (one pending order), member@ (no allocation), expired@ (an offering
 * that has ended). Same name, limits, saved address and card; a new e-mail address.
 */
export const newMember = (like: DemoStory) => fixture<Member>('/members', { like });

/** A staff user of this spec's own (admin unless asked). */
export const newStaff = (role: 'admin' | 'manager' | 'viewer' = 'admin') => fixture<Staff>('/staff', { role });

/**
 * One member per story, made before the file's tests run and shared by them (tests in a file run
 * one after another); a test that changes its member for good makes its own with newMember.
 */
export function membersLike<S extends DemoStory>(...stories: S[]): Record<S, Member> {
  const members = {} as Record<S, Member>;
  beforeAll(async () => {
    for (const story of stories) members[story] = await newMember(story);
  });
  return members;
}
