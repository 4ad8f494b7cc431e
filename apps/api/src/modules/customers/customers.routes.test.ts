import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let member: Awaited<ReturnType<TestApp['createCustomer']>>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.createCustomer({
    email: 'james.okafor@example.com',
    prefix: 'Mr.',
    firstName: 'James',
    lastName: 'Okafor',
    phone: '+1 212 555 0198',
    dateOfBirth: '1965-11-02',
    company: 'Okafor & Partners',
  });
  token = await t.signIn(member.email);
});
afterAll(async () => t?.close());

const get = (customerId: string, headers: Record<string, string> = { tenant: TEST_TENANT, authorization: token }) =>
  t.app.inject({ method: 'GET', url: `/v1/customer/${customerId}`, headers });

describe('GET /v1/customer/{customerId}', () => {
  it("answers the member's own record and nothing more", async () => {
    const response = await get(member.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: member.id,
      prefix: 'Mr.',
      firstName: 'James',
      lastName: 'Okafor',
      email: 'james.okafor@example.com',
      phone: '+1 212 555 0198',
      dateOfBirth: '1965-11-02',
      company: 'Okafor & Partners',
      createdAt: member.createdAt.toISOString(),
    });
    for (const hidden of ['lastActivityDate', 'updatedAt', 'loginActivity', 'passwordHash', 'password', 'tenantId']) {
      expect(response.body).not.toContain(hidden);
    }
    expect(response.body).not.toContain('scrypt$');
  });

  it('answers null for fields the member has not filled in', async () => {
    const bare = await t.createCustomer({ prefix: null, phone: null, dateOfBirth: null, company: null });
    const response = await get(bare.id, { tenant: TEST_TENANT, authorization: await t.signIn(bare.email) });
    expect(response.json()).toMatchObject({ prefix: null, phone: null, dateOfBirth: null, company: null });
  });

  it("answers 403 for another member's id, and for an id that does not exist", async () => {
    const other = await t.createCustomer();
    for (const id of [other.id, t.newId()]) {
      const response = await get(id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
      expect(response.body).not.toContain(other.email);
    }
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await get('not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'validationError',
      errors: [{ field: 'customerId', code: 'invalidId', message: 'This is not a valid identifier' }],
    });
  });

  it('answers 401 without a token and 400 without a tenant', async () => {
    expect((await get(member.id, { tenant: TEST_TENANT })).statusCode).toBe(401);
    const noTenant = await get(member.id, { authorization: token });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().errors[0].field).toBe('tenant');
  });

  it('answers 404 Unknown tenant for a tenant that does not exist', async () => {
    const response = await get(member.id, { tenant: 'nowhere', authorization: token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'Unknown tenant' });
  });
});

describe('password hashes never leave the server', () => {
  it('are salted per customer and absent from every answer', async () => {
    const a = await t.createCustomer({ password: 'Shared-Password-1' });
    const b = await t.createCustomer({ password: 'Shared-Password-1' });
    expect(a.passwordHash).not.toBe(b.passwordHash);

    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/customer/login',
      headers: { tenant: TEST_TENANT },
      payload: { email: a.email, password: 'Shared-Password-1' },
    });
    const aToken = login.json().token as string;
    const answers = [
      login,
      await get(a.id, { tenant: TEST_TENANT, authorization: aToken }),
      await t.app.inject({
        method: 'GET',
        url: `/v1/${TEST_TENANT}/customer/${a.id}/allocation`,
        headers: { tenant: TEST_TENANT, authorization: aToken },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/v1/customer/login',
        headers: { tenant: TEST_TENANT },
        payload: { email: a.email, password: TEST_PASSWORD },
      }),
    ];
    for (const answer of answers) {
      expect(answer.body).not.toContain(a.passwordHash!);
      expect(answer.body).not.toContain('scrypt');
      expect(answer.body).not.toContain('Shared-Password-1');
    }
    // And the token carries no hash either.
    expect(Buffer.from(aToken.split('.')[1]!, 'base64url').toString()).not.toContain('scrypt');
  });
});
