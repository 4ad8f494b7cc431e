import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../shared/api-messages.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../testing/test-app.js';

/*
 * The member scope (member-scope.plugin.ts) checks the tenant, the token and the owner once for
 * every route of a member's own records, before validation, as the staff guard does for roles:
 * a caller without the right learns nothing from the route, not even which fields it wants.
 */

let t: TestApp;
let owner: { id: string; token: string };
let other: { id: string; token: string };

const member = async () => {
  const customer = await t.createCustomer();
  return { id: customer.id, token: await t.signIn(customer.email) };
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await member();
  other = await member();
});
afterAll(async () => t?.close());

const badAddress = { address1: '', city: 'Napa', countryCode: 'US' };
const post = (customerId: string, headers: Record<string, string>, payload: unknown = badAddress) =>
  t.app.inject({ method: 'POST', url: `/v1/${TEST_TENANT}/customer/${customerId}/address`, headers, payload: payload as Record<string, string> });

describe("a member's own records", () => {
  it('answer a bad body with 401 to a stranger, 403 to another member, and 400 only to the owner', async () => {
    const stranger = await post(owner.id, { tenant: TEST_TENANT });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ statusCode: 401, type: 'unauthorized' });

    const someoneElse = await post(owner.id, { tenant: TEST_TENANT, authorization: other.token });
    expect(someoneElse.json()).toEqual({ statusCode: 403, type: 'forbidden', message: API_MESSAGES.otherCustomer });

    const own = await post(owner.id, { tenant: TEST_TENANT, authorization: owner.token });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ type: 'validationError', errors: expect.arrayContaining([expect.objectContaining({ field: 'address1' })]) });
  });

  it('answer the same 403 for an id that exists and for one that never did', async () => {
    const answers = await Promise.all(
      [other.id, t.newId()].map(async (id) => (await post(id, { tenant: TEST_TENANT, authorization: owner.token })).body),
    );
    expect(answers[0]).toBe(answers[1]);
  });

  it('still name a missing tenant header as a field error', async () => {
    const address = { address1: '410 Park Avenue', city: 'New York', stateCode: 'NY', zipCode: '10022', countryCode: 'US' };
    const response = await post(owner.id, { authorization: owner.token }, address);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'tenant', code: 'tenantRequired' }] });
  });

  it('refuse a path that names another tenant than the header and the token', async () => {
    const elsewhere = await t.createTenant();
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/${elsewhere}/customer/${owner.id}/address`,
      headers: { tenant: TEST_TENANT, authorization: owner.token },
    });
    expect(response.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
  });

  it('are documented with the member token, 401 and 403, the routes outside the scope with the tenant only', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    const own = Object.entries(document.paths).filter(([path]) => /\/customer\/\{customerId\}/.test(path));
    expect(own.length).toBeGreaterThan(15);
    for (const [path, operations] of own) {
      for (const [method, operation] of Object.entries(operations)) {
        expect([`${method} ${path}`, operation.security]).toEqual([`${method} ${path}`, [{ memberToken: [] }]]);
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
    expect(document.paths['/v1/customer/login']!.post!.security).toBeUndefined();
  });
});
