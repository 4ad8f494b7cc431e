import { eq } from 'drizzle-orm';
import { computeTotals, DAY_MS, US_STATES } from '@winery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { addresses, brands, customers, orderLines, orders, paymentCards, shippingRates, shippingRestrictions, taxRates } from '../db/schema/index.js';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_SIGN_INS, DEMO_STAFF, DEMO_STAFF_USERS, DEMO_TENANT } from './demo-sign-ins.js';
import { seedDemo } from './seed.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

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
    const members = (await t.db.select().from(customers)).filter((m) => m.tenantId === 'demo');
    // The other members (seed-winery.test.ts) have no password: they sign in by e-mailed link.
    const signIns = members.filter((m) => m.passwordHash !== null);
    expect(signIns.map((m) => m.email).sort()).toEqual(Object.values(DEMO_MEMBERS).sort());
    const hashes = new Set(signIns.map((m) => m.passwordHash));
    expect(hashes.size).toBe(signIns.length);
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
    const saved = (await t.db.select().from(addresses)).length;
    expect(await seedDemo(t.db)).toBe(false);
    expect((await t.db.select().from(paymentCards)).length).toBe(stored.length);
    expect((await t.db.select().from(addresses)).length).toBe(saved);
  });
});

describe('the demo offering', () => {
  async function offeringOf(email: string) {
    const token = await t.signIn(email, DEMO_PASSWORD, DEMO_TENANT.slug);
    const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    const headers = { tenant: DEMO_TENANT.slug, authorization: token };
    const [current] = (await t.app.inject({ method: 'GET', url: `/v1/demo/customer/${sub}/allocation`, headers })).json();
    const response = await t.app.inject({ method: 'GET', url: `/v1/demo/customer/${sub}/allocation/${current.id}/offering`, headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('gives offering@ a letter, vintage notes, at least four wines with limits and both pick-up locations', async () => {
    const offering = await offeringOf(DEMO_MEMBERS.offering);
    expect(offering.letter.paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(offering.letter.paragraphs.length).toBeLessThanOrEqual(5);
    expect(offering.letter.signature).toBe('Catherine Aldermoor');
    expect(offering.vintageNotes.length).toBeGreaterThanOrEqual(4);
    expect(offering.orderMinimumCents).toBe(30_000);
    const available = offering.wines.filter((wine: { available: boolean }) => wine.available);
    expect(available.length).toBeGreaterThanOrEqual(4);
    for (const wine of offering.wines) {
      expect(wine.maximum).toBeGreaterThanOrEqual(1);
      expect(wine.minimum).toBeLessThanOrEqual(wine.maximum);
      expect(wine.priceCents).toBeGreaterThanOrEqual(9_500);
    }
    const names = offering.wines.map((wine: { name: string }) => wine.name);
    expect(names).toEqual(expect.arrayContaining(['Melbury', 'Pluribus', 'Quella', 'St. Eden', 'Vecina']));
    const magnum = offering.wines.find((wine: { sizeMl: number }) => wine.sizeMl === 1500);
    const melbury = offering.wines.find((wine: { name: string; sizeMl: number }) => wine.name === 'Melbury' && wine.sizeMl === 750);
    expect(offering.combinations).toEqual([{ wineId: magnum.id, requiresWineId: melbury.id, quantity: 3 }]);
    expect(offering.pickupLocations.map((location: { name: string }) => location.name)).toEqual([
      'Aldermoor Cellar Door',
      'Aldermoor Tasting Room',
    ]);
    expect(offering.pickupLocations.every((location: { hours: string }) => location.hours.length > 0)).toBe(true);
    expect(offering.shippingNotices).toContainEqual({
      countryCode: 'CA',
      text: 'Shipping charges for Canada are collected by the carrier on delivery.',
    });
  });

  it('gives ordered@ limits of their own in the same offering', async () => {
    const mine = await offeringOf(DEMO_MEMBERS.offering);
    const theirs = await offeringOf(DEMO_MEMBERS.ordered);
    expect(theirs.name).toBe(mine.name);
    expect(theirs.wines.length).toBeGreaterThanOrEqual(4);
    expect(theirs.wines.map((wine: { maximum: number }) => wine.maximum)).not.toEqual(
      mine.wines.slice(0, theirs.wines.length).map((wine: { maximum: number }) => wine.maximum),
    );
  });

  it('gives expired@ a library offering with its own letter and wines', async () => {
    const offering = await offeringOf(DEMO_MEMBERS.expired);
    expect(offering.name).toBe('Library Wines Offering');
    expect(offering.letter.paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(offering.wines.length).toBeGreaterThanOrEqual(4);
  });

  it('prices AE-10001 from its lines and the rate tables: the $648.00 the account shows', async () => {
    const [order] = await t.db.select().from(orders).where(eq(orders.number, 'AE-10001'));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
    expect(order).toMatchObject({ subtotalCents: subtotal, totalCents: 64_800, cardBrand: 'mastercard', cardLast4: '4444' });
    expect(order!.shippingAddress).toMatchObject({ address1: '410 Park Avenue', city: 'New York', stateCode: 'NY', countryCode: 'US' });
    const demo = <T extends { tenantId: string }>(rows: T[]) => rows.filter((row) => row.tenantId === 'demo');
    const result = computeTotals({
      subtotalCents: subtotal,
      bottles: lines.reduce((sum, line) => sum + line.quantity, 0),
      delivery: { method: 'shipping', destination: { countryCode: 'US', stateCode: 'NY' } },
      tables: {
        taxRates: demo(await t.db.select().from(taxRates)),
        shippingRates: demo(await t.db.select().from(shippingRates)),
        restrictions: demo(await t.db.select().from(shippingRestrictions)),
      },
    });
    expect(result).toEqual({
      ok: true,
      totals: {
        subtotalCents: order!.subtotalCents,
        shippingCents: order!.shippingCents,
        taxCents: order!.taxCents,
        totalCents: order!.totalCents,
        shippingLabel: 'shipping',
        taxLabel: 'salesTax',
      },
    });
  });

  it('taxes every US state and DC, and cannot ship to Utah or Norway', async () => {
    const tables = {
      taxRates: (await t.db.select().from(taxRates)).filter((row) => row.tenantId === 'demo'),
      shippingRates: (await t.db.select().from(shippingRates)).filter((row) => row.tenantId === 'demo'),
      restrictions: (await t.db.select().from(shippingRestrictions)).filter((row) => row.tenantId === 'demo'),
    };
    const states = tables.taxRates.filter((row) => row.countryCode === 'US').map((row) => row.stateCode);
    expect(states.sort()).toEqual(Object.keys(US_STATES).sort());
    const quote = (countryCode: string, stateCode?: string) =>
      computeTotals({ subtotalCents: 10_000, bottles: 3, delivery: { method: 'shipping', destination: { countryCode, stateCode } }, tables });
    expect(quote('US', 'UT')).toEqual({ ok: false, code: 'cannotShip', destination: 'Utah' });
    expect(quote('NO')).toEqual({ ok: false, code: 'cannotShip', destination: 'Norway' });
    expect(quote('US', 'CA')).toMatchObject({ ok: true, totals: { taxCents: 725, shippingCents: 5_000 } });
    expect(quote('GB')).toMatchObject({ ok: true, totals: { shippingLabel: 'shippingAndDuties', taxLabel: 'taxAndDuties' } });
    for (const countryCode of ['CA', 'DE', 'FR']) expect(quote(countryCode).ok).toBe(true);
  });
});

describe('the demo staff sign-in', () => {
  it('opens the staff API for staff@example.com, showing the current offering', async () => {
    const token = await t.signInStaff(DEMO_STAFF.email, DEMO_PASSWORD, DEMO_TENANT.slug);
    const headers = { tenant: DEMO_TENANT.slug, authorization: token };
    expect((await t.app.inject({ method: 'GET', url: '/v1/staff/me', headers })).json()).toMatchObject({ email: DEMO_STAFF.email, role: 'admin' });
    const list = (await t.app.inject({ method: 'GET', url: '/v1/staff/offerings', headers })).json().items;
    // The live release, the library offering and the two releases before (seed-history.ts).
    expect(list.map((offering: { phase: string }) => offering.phase)).toEqual(['open', 'closed', 'closed', 'closed']);
    const current = (await t.app.inject({ method: 'GET', url: `/v1/staff/offerings/${list[0].id}`, headers })).json();
    expect(current.allocations).toMatchObject({ count: 250, ordered: 40 });
    expect(current.wines.find((wine: { name: string; sizeMl: number }) => wine.name === 'St. Eden').ordered).toBeGreaterThan(2);
  });

  it('has one sign-in per role, each listed at start, and only the viewer is refused a change', async () => {
    expect(DEMO_STAFF_USERS.map((staff) => [staff.email, staff.role])).toEqual([
      ['staff@example.com', 'admin'],
      ['manager@example.com', 'manager'],
      ['viewer@example.com', 'viewer'],
    ]);
    const listed = DEMO_SIGN_INS.map((signIn) => signIn.email);
    for (const staff of DEMO_STAFF_USERS) {
      expect(listed).toContain(staff.email);
      const token = await t.signInStaff(staff.email, DEMO_PASSWORD, DEMO_TENANT.slug);
      const headers = { tenant: DEMO_TENANT.slug, authorization: token };
      const me = await t.app.inject({ method: 'GET', url: '/v1/staff/me', headers });
      expect(me.json()).toMatchObject({ email: staff.email, name: staff.name, role: staff.role });
      // An invalid wine: a manager or admin reaches validation, a viewer is refused before it.
      const write = await t.app.inject({ method: 'POST', url: '/v1/staff/wines', headers, payload: {} });
      expect(write.statusCode).toBe(staff.role === 'viewer' ? 403 : 400);
    }
  });
});
