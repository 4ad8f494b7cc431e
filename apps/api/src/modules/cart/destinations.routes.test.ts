import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_STATES } from '@winery/domain';
import { shippingRates, shippingRestrictions, taxRates } from '../../db/schema/index.js';
import { createOrderingFixtures, RATES, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let f: OrderingFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await createOrderingFixtures(t);
});
afterAll(async () => t?.close());

const headers = (token: string) => ({ tenant: TEST_TENANT, authorization: token });

async function member() {
  const customer = await t.createCustomer();
  return { customer, token: await t.signIn(customer.email) };
}

const destinations = (customerId: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${customerId}/destinations`, headers: headers(token) });

describe('GET /v1/{tenant}/customer/{customerId}/destinations', () => {
  it("lists the countries the rate tables serve, every US state but the refused one, and names the refused place", async () => {
    // Another producer's tables are its own: their Japan is not ours.
    const other = await t.createTenant();
    await t.db.insert(shippingRates).values({ tenantId: other, countryCode: 'JP', minBottles: 1, maxBottles: null, priceCents: 9_000 });
    await t.db.insert(taxRates).values({ tenantId: other, countryCode: 'JP', rateBasisPoints: 1_000 });
    await t.db.insert(shippingRestrictions).values({ tenantId: other, countryCode: 'US', stateCode: 'CA', name: 'California' });

    const { customer, token } = await member();
    const response = await destinations(customer.id, token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.countries.map((country: { countryCode: string }) => country.countryCode)).toEqual(['GB', 'US']);
    expect(body.countries[0]).toEqual({ countryCode: 'GB', states: null });
    const us = body.countries[1];
    expect(us.states).not.toContain('UT');
    expect(us.states).toEqual(Object.keys(US_STATES).filter((state) => state !== 'UT'));
    expect(body.refused).toEqual([{ countryCode: 'US', stateCode: 'UT', name: 'Utah' }]);
  });

  it('follows the tables: a country with a shipping rate but no tax rate is not offered', async () => {
    await t.db.insert(shippingRates).values({ tenantId: t.tenantId, countryCode: 'FR', minBottles: 1, maxBottles: null, priceCents: 18_000, includesDuties: true });
    const { customer, token } = await member();
    expect((await destinations(customer.id, token)).json().countries.map((country: { countryCode: string }) => country.countryCode)).toEqual(['GB', 'US']);
    await t.db.insert(taxRates).values({ tenantId: t.tenantId, countryCode: 'FR', rateBasisPoints: 2_000, includesDuties: true });
    expect((await destinations(customer.id, token)).json().countries).toContainEqual({ countryCode: 'FR', states: null });
  });

  it("answers 401 without a token and 403 for another member's path", async () => {
    const { customer, token } = await member();
    const other = await t.createCustomer();
    expect((await destinations(other.id, token)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${customer.id}/destinations`, headers: { tenant: TEST_TENANT } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('pick-up is taxed at the location where the wine is collected', () => {
  it('charges each location its own rate: California at the cellar, New York at the tasting room', async () => {
    const { offering, wines } = await f.createOpenOffering({ wines: [{ priceCents: 10_000, roomStock: 10 }] });
    const m = await f.createMember(offering.id, { [wines[0]!.id]: { maximum: 6 } });
    const base = `/v1/${TEST_TENANT}/customer/${m.customer.id}`;
    const cart = await t.app.inject({ method: 'PUT', url: `${base}/cart`, headers: headers(m.token), payload: { allocationId: m.allocation.id, lines: [{ wineId: wines[0]!.id, quantity: 3 }] } });
    expect(cart.statusCode).toBe(200);
    const quoteAt = async (locationId: string) =>
      (await t.app.inject({ method: 'POST', url: `${base}/cart/${cart.json().id}/quote`, headers: headers(m.token), payload: { delivery: { method: 'pickup', locationId } } })).json();

    const cellar = await quoteAt(f.cellar.id);
    const room = await quoteAt(f.room.id);
    expect(RATES.taxCA).not.toBe(RATES.taxNY);
    expect(cellar.totals).toEqual({ subtotalCents: 30_000, shippingCents: 0, taxCents: 2_175, totalCents: 32_175, shippingLabel: 'shipping', taxLabel: 'salesTax' });
    expect(room.totals).toEqual({ subtotalCents: 30_000, shippingCents: 0, taxCents: 2_664, totalCents: 32_664, shippingLabel: 'shipping', taxLabel: 'salesTax' });
  });
});
