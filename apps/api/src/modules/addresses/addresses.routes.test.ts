import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { MAX_ADDRESSES_PER_MEMBER } from './addresses.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function memberWithToken() {
  const customer = await t.createCustomer();
  return { customer, token: await t.signIn(customer.email) };
}

const home = {
  address1: '2150 Silverado Trail',
  city: 'Napa',
  stateCode: 'ca',
  zipCode: '94558',
  countryCode: 'us',
};
const office = { address1: '410 Park Avenue', address2: 'Floor 12', city: 'New York', stateCode: 'NY', zipCode: '10022-4407', countryCode: 'US' };
const london = { address1: '10 Downing Street', city: 'London', zipCode: 'sw1a 2aa', countryCode: 'GB' };

const url = (customerId: string, rest = '', tenant = TEST_TENANT) => `/v1/${tenant}/customer/${customerId}/address${rest}`;

function api(token: string, tenant = TEST_TENANT) {
  const headers = { tenant, authorization: token };
  return {
    list: (customerId: string) => t.app.inject({ method: 'GET', url: url(customerId, '', tenant), headers }),
    add: (customerId: string, payload: object) => t.app.inject({ method: 'POST', url: url(customerId, '', tenant), headers, payload }),
    update: (customerId: string, id: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: url(customerId, `/${id}`, tenant), headers, payload }),
    remove: (customerId: string, id: string) => t.app.inject({ method: 'DELETE', url: url(customerId, `/${id}`, tenant), headers }),
    choose: (customerId: string, id: string, purpose: unknown) =>
      t.app.inject({ method: 'POST', url: url(customerId, `/${id}/default`, tenant), headers, payload: { purpose } }),
  };
}

const defaultsOf = async (customerId: string) => {
  const rows = await t.db.select().from(addresses).where(eq(addresses.customerId, customerId));
  return {
    shipping: rows.filter((r) => r.isDefaultShipping).map((r) => r.id),
    billing: rows.filter((r) => r.isDefaultBilling).map((r) => r.id),
  };
};

describe('POST /v1/{tenant}/customer/{customerId}/address', () => {
  it('saves the first address as the default shipping and billing address', async () => {
    const { customer, token } = await memberWithToken();
    const response = await api(token).add(customer.id, home);
    expect(response.statusCode).toBe(201);
    const saved = response.json();
    expect(saved).toEqual({
      id: expect.any(String),
      address1: '2150 Silverado Trail',
      address2: null,
      city: 'Napa',
      stateCode: 'CA',
      zipCode: '94558',
      countryCode: 'US',
      recipientName: null,
      phone: null,
      isDefaultShipping: true,
      isDefaultBilling: true,
      createdAt: expect.any(String),
    });
    expect(Date.parse(saved.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps a recipient and a phone (in international form) through create, list and update', async () => {
    const { customer, token } = await memberWithToken();
    const created = await api(token).add(customer.id, { ...office, recipientName: '  Sam Carter, Carter & Wells ', phone: '(212) 555-0187' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ recipientName: 'Sam Carter, Carter & Wells', phone: '+1 212 555 0187' });
    const [row] = await t.db.select().from(addresses).where(eq(addresses.id, created.json().id));
    expect(row).toMatchObject({ recipientName: 'Sam Carter, Carter & Wells', phone: '+1 212 555 0187' });
    expect((await api(token).list(customer.id)).json()).toEqual([created.json()]);

    // A recipient abroad may give their own country's number; leaving a field out removes it.
    const abroad = await api(token).update(customer.id, created.json().id, { ...office, phone: '+44 20 7946 0958' });
    expect(abroad.statusCode).toBe(200);
    expect(abroad.json()).toMatchObject({ recipientName: null, phone: '+44 20 7946 0958' });
    const cleared = await api(token).update(customer.id, created.json().id, { ...office, recipientName: 'Sam', phone: '' });
    expect(cleared.json()).toMatchObject({ recipientName: 'Sam', phone: null });
  });

  it('moves a default flag from the previous address when the new one asks for it', async () => {
    const { customer, token } = await memberWithToken();
    const first = (await api(token).add(customer.id, home)).json();
    const second = (await api(token).add(customer.id, { ...office, isDefaultShipping: true })).json();
    expect(second).toMatchObject({ isDefaultShipping: true, isDefaultBilling: false, address2: 'Floor 12' });
    expect(await defaultsOf(customer.id)).toEqual({ shipping: [second.id], billing: [first.id] });
    const third = (await api(token).add(customer.id, london)).json();
    expect(third).toMatchObject({ isDefaultShipping: false, isDefaultBilling: false, zipCode: 'SW1A 2AA', stateCode: null });
  });

  it.each([
    [{ ...home, zipCode: '9455' }, 'zipCode', 'zipInvalid', 'Please enter a valid zip or postal code for this country'],
    [{ ...london, zipCode: '94558' }, 'zipCode', 'zipInvalid', 'Please enter a valid zip or postal code for this country'],
    [{ ...home, address1: 'ab' }, 'address1', 'tooShort', 'This should not be shorter than 3 characters'],
    [{ ...home, address1: '   ' }, 'address1', 'address1Required', 'Please enter your street address'],
    [{ ...home, address1: 'x'.repeat(101) }, 'address1', 'tooLong', 'This text is too long'],
    [{ ...home, city: '' }, 'city', 'cityRequired', 'Please enter your city'],
    [{ ...home, stateCode: undefined }, 'stateCode', 'stateRequired', 'Please enter your state'],
    [{ ...home, stateCode: 'ZZ' }, 'stateCode', 'stateInvalid', 'Please choose a state from the list'],
    [{ ...home, countryCode: 'XX' }, 'countryCode', 'countryRequired', 'Please choose your country'],
    [{ ...home, zipCode: '' }, 'zipCode', 'zipRequired', 'Please enter your zip code'],
    [{ ...home, phone: '707 555 014' }, 'phone', 'phoneTenDigits', 'Phone number must have exactly 10 digits'],
    [{ ...london, phone: '020 7946' }, 'phone', 'phoneInvalid', 'Please enter a valid phone number for the country code'],
    [{ ...home, phone: '+44 20 79' }, 'phone', 'phoneInvalid', 'Please enter a valid phone number for the country code'],
    [{ ...home, recipientName: 'x'.repeat(101) }, 'recipientName', 'tooLong', 'This text is too long'],
  ])('refuses %o with the form message', async (payload, field, code, message) => {
    const { customer, token } = await memberWithToken();
    const response = await api(token).add(customer.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, type: 'validationError' });
    expect(response.json().errors).toEqual([{ field, code, message }]);
    expect((await api(token).list(customer.id)).json()).toEqual([]);
  });

  it(`refuses a ${MAX_ADDRESSES_PER_MEMBER + 1}st address with 409`, async () => {
    const { customer, token } = await memberWithToken();
    for (let i = 0; i < MAX_ADDRESSES_PER_MEMBER; i += 1) await t.createAddress({ customerId: customer.id, address1: `${i + 1} Cellar Lane` });
    const response = await api(token).add(customer.id, home);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      type: 'conflict',
      message: 'You can save up to 20 addresses. Please remove one before adding another.',
    });
  });

  it("answers 403 for another member's list, and when the path names another tenant", async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createCustomer();
    expect((await api(token).add(other.id, home)).statusCode).toBe(403);
    expect((await api(token).list(other.id)).statusCode).toBe(403);
    const elsewhere = await t.createTenant();
    const mismatch = await t.app.inject({
      method: 'GET',
      url: url(customer.id, '', elsewhere),
      headers: { tenant: TEST_TENANT, authorization: token },
    });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toMatchObject({ type: 'forbidden', message: 'The tenant in the address does not match the tenant header' });
    expect(await t.db.select().from(addresses).where(eq(addresses.customerId, other.id))).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const { customer } = await memberWithToken();
    const response = await t.app.inject({ method: 'POST', url: url(customer.id), headers: { tenant: TEST_TENANT }, payload: home });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /v1/{tenant}/customer/{customerId}/address', () => {
  it('lists default shipping first, then default billing, then the newest; only the member\'s own', async () => {
    const { customer, token } = await memberWithToken();
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const oldest = await t.createAddress({ customerId: customer.id, address1: 'Oldest Road 1', createdAt: minutesAgo(50) });
    const billing = await t.createAddress({ customerId: customer.id, address1: 'Billing Road 2', isDefaultBilling: true, createdAt: minutesAgo(40) });
    const shipping = await t.createAddress({ customerId: customer.id, address1: 'Shipping Road 3', isDefaultShipping: true, createdAt: minutesAgo(30) });
    const newest = await t.createAddress({ customerId: customer.id, address1: 'Newest Road 4', createdAt: minutesAgo(10) });
    const other = await t.createCustomer();
    await t.createAddress({ customerId: other.id });

    const response = await api(token).list(customer.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((a: { id: string }) => a.id)).toEqual([shipping.id, billing.id, newest.id, oldest.id]);
  });

  it('answers an empty list when the member has none', async () => {
    const { customer, token } = await memberWithToken();
    expect((await api(token).list(customer.id)).json()).toEqual([]);
  });
});

describe('PUT /v1/{tenant}/customer/{customerId}/address/{addressId}', () => {
  it('replaces the address, flags included', async () => {
    const { customer, token } = await memberWithToken();
    const first = (await api(token).add(customer.id, home)).json();
    const second = (await api(token).add(customer.id, office)).json();
    const response = await api(token).update(customer.id, second.id, { ...office, address1: '1 Wall Street', isDefaultBilling: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...second,
      address1: '1 Wall Street',
      isDefaultBilling: true,
    });
    expect(await defaultsOf(customer.id)).toEqual({ shipping: [first.id], billing: [second.id] });

    const cleared = await api(token).update(customer.id, first.id, { ...home, isDefaultShipping: false });
    expect(cleared.json()).toMatchObject({ isDefaultShipping: false, isDefaultBilling: false });
    expect(await defaultsOf(customer.id)).toEqual({ shipping: [], billing: [second.id] });
  });

  it('refuses bad input with the form messages', async () => {
    const { customer, token } = await memberWithToken();
    const saved = (await api(token).add(customer.id, home)).json();
    const response = await api(token).update(customer.id, saved.id, { ...home, zipCode: 'ABCDE' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'zipCode', code: 'zipInvalid', message: 'Please enter a valid zip or postal code for this country' },
    ]);
  });

  it("answers 403 for another member's address and 404 for one that does not exist", async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createCustomer();
    const theirs = await t.createAddress({ customerId: other.id, address1: 'Their Road 9' });
    const forbidden = await api(token).update(customer.id, theirs.id, office);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
    const [untouched] = await t.db.select().from(addresses).where(eq(addresses.id, theirs.id));
    expect(untouched!.address1).toBe('Their Road 9');

    const missing = await api(token).update(customer.id, t.newId(), office);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This address does not exist' });
  });

  it('answers 400 for an address id that is not a UUID', async () => {
    const { customer, token } = await memberWithToken();
    const response = await api(token).update(customer.id, 'home', office);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'addressId', code: 'invalidId', message: 'This is not a valid identifier' }]);
  });
});

describe('DELETE /v1/{tenant}/customer/{customerId}/address/{addressId}', () => {
  it('removes the address; its default flags pass to the newest remaining address', async () => {
    const { customer, token } = await memberWithToken();
    const first = (await api(token).add(customer.id, home)).json();
    const second = (await api(token).add(customer.id, office)).json();
    const third = (await api(token).add(customer.id, london)).json();

    const response = await api(token).remove(customer.id, first.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const list = (await api(token).list(customer.id)).json();
    expect(list.map((a: { id: string }) => a.id)).toEqual([third.id, second.id]);
    expect(list[0]).toMatchObject({ isDefaultShipping: true, isDefaultBilling: true });

    expect((await api(token).remove(customer.id, second.id)).statusCode).toBe(204);
    expect(await defaultsOf(customer.id)).toEqual({ shipping: [third.id], billing: [third.id] });
    expect((await api(token).remove(customer.id, third.id)).statusCode).toBe(204);
    expect((await api(token).list(customer.id)).json()).toEqual([]);
  });

  it("answers 403 for another member's address, 404 for an unknown or already removed one", async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createCustomer();
    const theirs = await t.createAddress({ customerId: other.id });
    expect((await api(token).remove(customer.id, theirs.id)).statusCode).toBe(403);
    expect(await t.db.select().from(addresses).where(eq(addresses.id, theirs.id))).toHaveLength(1);
    const mine = (await api(token).add(customer.id, home)).json();
    expect((await api(token).remove(customer.id, mine.id)).statusCode).toBe(204);
    expect((await api(token).remove(customer.id, mine.id)).statusCode).toBe(404);
    expect((await api(token).remove(customer.id, t.newId())).statusCode).toBe(404);
  });
});

describe('POST /v1/{tenant}/customer/{customerId}/address/{addressId}/default', () => {
  it('makes the address the one default shipping or billing address', async () => {
    const { customer, token } = await memberWithToken();
    const first = (await api(token).add(customer.id, home)).json();
    const second = (await api(token).add(customer.id, office)).json();

    const shipping = await api(token).choose(customer.id, second.id, 'shipping');
    expect(shipping.statusCode).toBe(200);
    expect(shipping.json()).toEqual({ ...second, isDefaultShipping: true });
    expect(await defaultsOf(customer.id)).toEqual({ shipping: [second.id], billing: [first.id] });

    const billing = await api(token).choose(customer.id, second.id, 'billing');
    expect(billing.json()).toMatchObject({ id: second.id, isDefaultShipping: true, isDefaultBilling: true });
    expect(await defaultsOf(customer.id)).toEqual({ shipping: [second.id], billing: [second.id] });

    // Choosing the current default again changes nothing.
    expect((await api(token).choose(customer.id, second.id, 'billing')).statusCode).toBe(200);
    expect(await defaultsOf(customer.id)).toEqual({ shipping: [second.id], billing: [second.id] });
  });

  it('refuses a purpose other than shipping or billing', async () => {
    const { customer, token } = await memberWithToken();
    const saved = (await api(token).add(customer.id, home)).json();
    const response = await api(token).choose(customer.id, saved.id, 'gift');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'purpose', code: 'invalidType', message: 'Invalid type' }]);
  });

  it("answers 403 for another member's address and 404 for an unknown one", async () => {
    const { customer, token } = await memberWithToken();
    const other = await t.createCustomer();
    const theirs = await t.createAddress({ customerId: other.id });
    expect((await api(token).choose(customer.id, theirs.id, 'shipping')).statusCode).toBe(403);
    const [row] = await t.db.select().from(addresses).where(eq(addresses.id, theirs.id));
    expect(row!.isDefaultShipping).toBe(false);
    expect((await api(token).choose(customer.id, t.newId(), 'shipping')).statusCode).toBe(404);
    // Through another member's path the answer is 403 before any look-up.
    expect((await api(token).choose(other.id, theirs.id, 'shipping')).statusCode).toBe(403);
  });
});

describe('requests at the same moment', () => {
  it('still leave one default shipping and one default billing address', async () => {
    const { customer, token } = await memberWithToken();
    const answers = await Promise.all([
      api(token).add(customer.id, home),
      api(token).add(customer.id, office),
      api(token).add(customer.id, { ...london, isDefaultShipping: true, isDefaultBilling: true }),
      api(token).add(customer.id, { ...home, address1: '7 Cask Court', isDefaultShipping: true }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const defaults = await defaultsOf(customer.id);
    expect(defaults.shipping).toHaveLength(1);
    expect(defaults.billing).toHaveLength(1);
    const ids = answers.map((a) => a.json().id as string);
    await Promise.all(ids.map((id, i) => api(token).choose(customer.id, id, i % 2 ? 'shipping' : 'billing')));
    const after = await defaultsOf(customer.id);
    expect(after.shipping).toHaveLength(1);
    expect(after.billing).toHaveLength(1);
  });
});

describe('the addresses table', () => {
  it('holds at most one default shipping and one default billing address per member', async () => {
    const customer = await t.createCustomer();
    await t.createAddress({ customerId: customer.id, isDefaultShipping: true, isDefaultBilling: true });
    await expect(t.createAddress({ customerId: customer.id, isDefaultShipping: true })).rejects.toThrow();
    await expect(t.createAddress({ customerId: customer.id, isDefaultBilling: true })).rejects.toThrow();
    const rows = await t.db.select().from(addresses).where(and(eq(addresses.customerId, customer.id)));
    expect(rows).toHaveLength(1);
    // Another member keeps their own defaults.
    const other = await t.createCustomer();
    await expect(t.createAddress({ customerId: other.id, isDefaultShipping: true })).resolves.toBeDefined();
  });

  it('refuses a country code that is not two capital letters', async () => {
    const customer = await t.createCustomer();
    await expect(t.createAddress({ customerId: customer.id, countryCode: 'usa' })).rejects.toThrow();
  });
});
