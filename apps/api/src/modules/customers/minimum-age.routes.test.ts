import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

// MINIMUM_AGE=18: the profile route and /site-config.json both follow the operator's setting.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ minimumAge: 18 });
});
afterAll(async () => t?.close());

const bornYearsAgo = (years: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - 10))
    .toISOString()
    .slice(0, 10);
};

async function saveProfile(dateOfBirth: string) {
  const member = await t.createCustomer();
  const token = await t.signIn(member.email);
  return t.app.inject({
    method: 'PUT',
    url: `/v1/customer/${member.id}`,
    headers: { tenant: TEST_TENANT, authorization: token },
    payload: {
      firstName: 'Lena',
      lastName: 'Hart',
      email: member.email,
      confirmEmail: member.email,
      phoneCountry: 'US',
      phone: '707 226 1395',
      dateOfBirth,
    },
  });
}

describe('a configured minimum age', () => {
  it('accepts a 19-year-old when the minimum is 18', async () => {
    const response = await saveProfile(bornYearsAgo(19));
    expect(response.statusCode).toBe(200);
    expect(response.json().dateOfBirth).toBe(bornYearsAgo(19));
  });

  it("refuses a 17-year-old with 'Must be at least 18 years old'", async () => {
    const response = await saveProfile(bornYearsAgo(17));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'dateOfBirth', code: 'minimumAge', message: 'Must be at least 18 years old' },
    ]);
  });

  it('tells the browser the same age', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/site-config.json' });
    expect(response.json().minimumAge).toBe(18);
  });
});
