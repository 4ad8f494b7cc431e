import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers as customersTable } from '../../db/schema/index.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { createCustomersRepository } from './customers.repository.js';
import { createCustomersService } from './customers.service.js';

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

  // The owner is checked before validation (as staff roles are): an id that is not a UUID is not
  // the member's own, so it answers like any other member's. An id after the owner's is validated.
  it('answers 403 for a customer id that is not a UUID, and 400 naming a later id that is not one', async () => {
    const response = await get('not-a-uuid');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, type: 'forbidden', message: API_MESSAGES.otherCustomer });
    const order = await t.app.inject({
      method: 'GET',
      url: `/v1/${TEST_TENANT}/customer/${member.id}/order/not-a-uuid`,
      headers: { tenant: TEST_TENANT, authorization: token },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({
      type: 'validationError',
      errors: [{ field: 'orderId', code: 'invalidId', message: 'This is not a valid identifier' }],
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

/** A date of birth `years` years before today (UTC), moved by `days`. */
const bornYearsAgo = (years: number, days = 0) => {
  const today = new Date();
  const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
};

const profile = (overrides: Record<string, unknown> = {}) => ({
  prefix: 'Dr.',
  firstName: 'Eleanor',
  lastName: 'Whitcombe',
  email: 'Eleanor.Whitcombe@Example.com',
  confirmEmail: 'eleanor.whitcombe@example.com',
  phoneCountry: 'US',
  phone: '(707) 226-1395',
  dateOfBirth: '1972-04-18',
  company: 'Whitcombe Cellars',
  ...overrides,
});

async function memberWithToken() {
  const customer = await t.createCustomer();
  return { customer, token: await t.signIn(customer.email) };
}

const put = (customerId: string, token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/customer/${customerId}`,
    headers: { tenant: TEST_TENANT, authorization: token },
    payload: payload as Record<string, unknown>,
  });

describe('PUT /v1/customer/{customerId}', () => {
  it('updates the profile: e-mail lowercased, phone in international form, and answers the record', async () => {
    const { customer, token } = await memberWithToken();
    const email = `Eleanor.${customer.id.slice(0, 8)}@Example.com`;
    const response = await put(customer.id, token, profile({ email, confirmEmail: email.toLowerCase() }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: customer.id,
      prefix: 'Dr.',
      firstName: 'Eleanor',
      lastName: 'Whitcombe',
      email: email.toLowerCase(),
      phone: '+1 707 226 1395',
      dateOfBirth: '1972-04-18',
      company: 'Whitcombe Cellars',
      createdAt: customer.createdAt.toISOString(),
    });
    const fetched = await get(customer.id, { tenant: TEST_TENANT, authorization: token });
    expect(fetched.json()).toEqual(response.json());
    const [row] = await t.db.select().from(customersTable).where(eq(customersTable.id, customer.id));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(customer.updatedAt.getTime());
    // The new address signs in; the old one no longer does.
    await expect(t.signIn(email)).resolves.toMatch(/\./);
    await expect(t.signIn(customer.email)).rejects.toThrow(/401/);
  });

  it('stores an empty prefix and company as null, and keeps a number of another country in its own form', async () => {
    const { customer, token } = await memberWithToken();
    const response = await put(
      customer.id,
      token,
      profile({ email: customer.email, confirmEmail: customer.email, prefix: '', company: '  ', phoneCountry: 'GB', phone: '020 7946 0958' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ prefix: null, company: null, phone: '+44 20 7946 0958' });
    const without = await put(customer.id, token, {
      ...profile({ email: customer.email, confirmEmail: customer.email }),
      prefix: undefined,
      company: undefined,
    });
    expect(without.json()).toMatchObject({ prefix: null, company: null });
  });

  it("keeps the member's own e-mail, whatever its case", async () => {
    const { customer, token } = await memberWithToken();
    const response = await put(customer.id, token, profile({ email: customer.email.toUpperCase(), confirmEmail: customer.email }));
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(customer.email);
  });

  it("answers 409 'This email address is already in use.' for another member's e-mail of the same producer", async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createCustomer();
    const response = await put(customer.id, token, profile({ email: other.email.toUpperCase(), confirmEmail: other.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      type: 'conflict',
      message: 'This email address is already in use.',
      errors: [{ field: 'email', code: 'emailInUse', message: 'This email address is already in use.' }],
    });
    const [row] = await t.db.select().from(customersTable).where(eq(customersTable.id, customer.id));
    expect(row!.email).toBe(customer.email);
  });

  it("accepts an e-mail another producer's member uses: tenants are apart", async () => {
    const { customer, token } = await memberWithToken();
    const elsewhere = await t.createTenant();
    const stranger = await t.createCustomer({ tenantId: elsewhere });
    const response = await put(customer.id, token, profile({ email: stranger.email, confirmEmail: stranger.email }));
    expect(response.statusCode).toBe(200);
  });

  it('answers 409 too when the e-mail is taken between the check and the update', async () => {
    const { customer } = await memberWithToken();
    const other = await t.createCustomer();
    const repository = createCustomersRepository(t.db);
    // The look-up misses (as it would if the other member saved a moment later); the unique index still refuses.
    const racing = createCustomersService({ ...repository, findByEmail: async () => undefined });
    const attempt = racing.updateProfile(TEST_TENANT, customer.id, {
      prefix: undefined,
      firstName: 'Ada',
      lastName: 'Vintner',
      email: other.email,
      confirmEmail: other.email,
      phoneCountry: 'US',
      phone: '707 226 1395',
      dateOfBirth: '1980-05-17',
      company: undefined,
    });
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      type: 'conflict',
      errors: [{ field: 'email', code: 'emailInUse', message: 'This email address is already in use.' }],
    });
  });

  it.each([
    [{ phoneCountry: 'FR', phone: '12345' }, 'phone', 'phoneInvalid', 'Please enter a valid phone number for the country code'],
    [{ phoneCountry: 'US', phone: '707 226 139' }, 'phone', 'phoneTenDigits', 'Phone number must have exactly 10 digits'],
    [{ phoneCountry: 'US', phone: '' }, 'phone', 'phoneRequired', 'Please enter your phone number'],
    [{ dateOfBirth: bornYearsAgo(21, 1) }, 'dateOfBirth', 'minimumAge', 'Must be at least 21 years old'],
    [{ dateOfBirth: '1980-02-31' }, 'dateOfBirth', 'invalidBirthDate', 'Please enter a valid birth date'],
    [{ email: 'eleanor@', confirmEmail: 'eleanor@' }, 'email', 'emailInvalid', 'Please enter a valid email address'],
    [{ confirmEmail: 'someone.else@example.com' }, 'confirmEmail', 'emailsDoNotMatch', 'Email addresses do not match'],
    [{ firstName: '  ' }, 'firstName', 'firstNameRequired', 'Please enter your first name'],
    [{ lastName: 'Wh1tcombe' }, 'lastName', 'invalidLastName', 'Please enter a valid last name'],
    [{ company: 'x'.repeat(101) }, 'company', 'tooLong', 'This text is too long'],
    [{ prefix: 'Sir' }, 'prefix', 'invalidPrefix', 'Please choose a prefix from the list'],
  ])('refuses %o with the form message', async (overrides, field, code, message) => {
    const { customer, token } = await memberWithToken();
    const response = await put(customer.id, token, profile({ email: customer.email, confirmEmail: customer.email, ...overrides }));
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('{{');
    expect(response.json()).toMatchObject({ statusCode: 400, type: 'validationError', message: 'Please check the highlighted fields' });
    expect(response.json().errors).toEqual([{ field, code, message }]);
  });

  it('accepts a member who turns 21 today', async () => {
    const { customer, token } = await memberWithToken();
    const response = await put(customer.id, token, profile({ email: customer.email, confirmEmail: customer.email, dateOfBirth: bornYearsAgo(21) }));
    expect(response.statusCode).toBe(200);
  });

  it('names every missing field', async () => {
    const { customer, token } = await memberWithToken();
    const response = await put(customer.id, token, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', code: 'firstNameRequired', message: 'Please enter your first name' },
        { field: 'lastName', code: 'lastNameRequired', message: 'Please enter your last name' },
        { field: 'email', code: 'emailRequired', message: 'Please enter your email address' },
        { field: 'phone', code: 'phoneRequired', message: 'Please enter your phone number' },
        { field: 'dateOfBirth', code: 'required', message: 'Please fill in this field' },
      ]),
    );
  });

  it("answers 403 for another member's id or an unknown one, and changes nothing", async () => {
    const { token } = await memberWithToken();
    const other = await t.createCustomer();
    for (const id of [other.id, t.newId()]) {
      const response = await put(id, token, profile({ email: other.email, confirmEmail: other.email }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
    }
    const [row] = await t.db.select().from(customersTable).where(eq(customersTable.id, other.id));
    expect(row!.firstName).toBe(other.firstName);
  });

  it('answers 401 without a token', async () => {
    const { customer } = await memberWithToken();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/v1/customer/${customer.id}`,
      headers: { tenant: TEST_TENANT },
      payload: profile(),
    });
    expect(response.statusCode).toBe(401);
  });
});
