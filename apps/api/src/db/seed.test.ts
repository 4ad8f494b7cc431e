import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_TENANT } from '@winery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { addresses, brands, customers, paymentCards } from './schema/index.js';
import { seedDemo } from './seed.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function memberView(email: string) {
  const token = await t.signIn(email, DEMO_PASSWORD, DEMO_TENANT.slug);
  const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const headers = { tenant: DEMO_TENANT.slug, authorization: token };
  const list = (await t.app.inject({ method: 'GET', url: `/v1/demo/customer/${sub}/allocation`, headers })).json();
  const detail = list[0]
    ? (await t.app.inject({ method: 'GET', url: `/v1/demo/customer/${sub}/allocation/${list[0].id}`, headers })).json()
    : null;
  return { list, detail };
}

describe('the demo seed', () => {
  it('creates the demo producer once, and is a no-op afterwards', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);
    expect(await t.db.select().from(brands)).toHaveLength(2);
    const members = await t.db.select().from(customers);
    expect(members.filter((m) => m.tenantId === 'demo').map((m) => m.email).sort()).toEqual(
      Object.values(DEMO_MEMBERS).sort(),
    );
    const hashes = new Set(members.map((m) => m.passwordHash));
    expect(hashes.size).toBe(members.length);
  });

  it('puts offering@ in a live offering with vintage notes and no order', async () => {
    const { list, detail } = await memberView(DEMO_MEMBERS.offering);
    expect(list).toHaveLength(1);
    expect(list[0].name).toMatch(/^(Winter|Spring|Summer|Autumn) \d{4} Release$/);
    expect(Date.parse(list[0].startDate)).toBeLessThan(Date.now() - 4 * DAY_MS);
    expect(Date.parse(list[0].endDate)).toBeGreaterThan(Date.now() + 24 * DAY_MS);
    expect(detail).toMatchObject({ pendingOrders: [], metaData: { 'show-vintage-notes': true } });
  });

  it('gives ordered@ one pending order in the same offering', async () => {
    const { detail } = await memberView(DEMO_MEMBERS.ordered);
    expect(detail.pendingOrders).toHaveLength(1);
    expect(detail.pendingOrders[0]).toMatchObject({ status: 'pending', number: 'AE-10001' });
  });

  it('gives member@ no allocation and expired@ one that ended 10 days ago', async () => {
    expect((await memberView(DEMO_MEMBERS.member)).list).toEqual([]);
    const { list, detail } = await memberView(DEMO_MEMBERS.expired);
    expect(list).toHaveLength(1);
    const endedDaysAgo = (Date.now() - Date.parse(list[0].endDate)) / DAY_MS;
    expect(endedDaysAgo).toBeGreaterThan(9.9);
    expect(endedDaysAgo).toBeLessThan(10.1);
    expect(detail.pendingOrders).toEqual([]);
  });
});

describe('the demo wallets', () => {
  async function wallet(email: string) {
    const token = await t.signIn(email, DEMO_PASSWORD, DEMO_TENANT.slug);
    const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    const headers = { tenant: DEMO_TENANT.slug, authorization: token };
    const base = `/v1/demo/customer/${sub}`;
    return {
      addresses: (await t.app.inject({ method: 'GET', url: `${base}/address`, headers })).json(),
      cards: (await t.app.inject({ method: 'GET', url: `${base}/card`, headers })).json(),
      orders: (await t.app.inject({ method: 'GET', url: `${base}/order`, headers })).json(),
    };
  }

  it('give offering@ and ordered@ one default US address and one preferred test card', async () => {
    for (const email of [DEMO_MEMBERS.offering, DEMO_MEMBERS.ordered]) {
      const { addresses: saved, cards } = await wallet(email);
      expect(saved).toHaveLength(1);
      expect(saved[0]).toMatchObject({ countryCode: 'US', isDefaultShipping: true, isDefaultBilling: true });
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({ preferred: true, expMonth: 12 });
      expect(cards[0].expYear).toBeGreaterThan(new Date().getUTCFullYear());
    }
    expect((await wallet(DEMO_MEMBERS.offering)).cards[0]).toMatchObject({ brand: 'visa', last4: '4242', cardHolderName: 'Eleanor Whitcombe' });
    expect((await wallet(DEMO_MEMBERS.ordered)).cards[0]).toMatchObject({ brand: 'mastercard', last4: '4444', cardHolderName: 'James Okafor' });
  });

  it('leave member@ with no address and no card, and show ordered@ their order', async () => {
    expect(await wallet(DEMO_MEMBERS.member)).toEqual({ addresses: [], cards: [], orders: [] });
    const { orders } = await wallet(DEMO_MEMBERS.ordered);
    expect(orders).toEqual([expect.objectContaining({ number: 'AE-10001', status: 'pending', totalCents: 64_800 })]);
    expect(orders[0].offeringName).toMatch(/ Release$/);
  });

  it('keep only gateway tokens, and a second run adds nothing', async () => {
    const stored = await t.db.select().from(paymentCards);
    expect(stored.filter((c) => c.tenantId === 'demo').every((c) => /^tok_test_[0-9a-f]{24}$/.test(c.gatewayToken))).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);
    expect((await t.db.select().from(paymentCards)).length).toBe(stored.length);
    expect((await t.db.select().from(addresses)).filter((a) => a.tenantId === 'demo')).toHaveLength(2);
  });
});
