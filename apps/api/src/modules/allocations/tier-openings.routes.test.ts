import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATION_GRACE_MS, DAY_MS, getAllocationStatus, HOUR_MS, MINUTE_MS, openingState, type AllocationDetail } from '@winery/domain';
import { carts, customers, offeringTierOpenings, offerings, stockHolds, tiers } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { issueLinkToken } from '../links/links.repository.js';
import { createOrderingFixtures, ignoreDroppedConnections, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { unique } from '../../testing/factories.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/*
 * Openings by tier (issue 17): every member-facing read and rule follows the member's own window
 * (allocation_windows), measured on the app's clock.
 */

let current = new Date('2027-03-01T12:00:00.000Z');
const clock = () => new Date(current);
const advance = (ms: number) => {
  current = new Date(current.getTime() + ms);
};

let t: TestApp;
let f: OrderingFixtures;

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  f = await createOrderingFixtures(t);
});
afterAll(async () => {
  ignoreDroppedConnections(t);
  await t?.close();
});

type Member = Awaited<ReturnType<OrderingFixtures['createMember']>>;
const headers = (m: Member) => ({ tenant: TEST_TENANT, authorization: m.token });
const base = (m: Member) => `/v1/${TEST_TENANT}/customer/${m.customer.id}`;
const get = (m: Member, path: string) => t.app.inject({ method: 'GET', url: `${base(m)}${path}`, headers: headers(m) });
const placeOrder = (m: Member, cartId: string) =>
  t.app.inject({
    method: 'POST',
    url: `${base(m)}/order`,
    headers: headers(m),
    payload: { cartId, delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: m.address.id }, billingAddressId: m.address.id, payment: { cardId: m.card.id }, idempotencyKey: f.newKey() },
  });
const putCart = (m: Member, wineId: string, quantity = 1) =>
  t.app.inject({ method: 'PUT', url: `${base(m)}/cart`, headers: headers(m), payload: { allocationId: m.allocation.id, lines: [{ wineId, quantity }] } });

async function tier(name: string, rank: number) {
  const [row] = await t.db.insert(tiers).values({ tenantId: TEST_TENANT, name: `${name} ${unique()}`, rank }).returning();
  return row!;
}

/**
 * An offering open from two hours ago for 14 days: tier A has its own opening an hour ago, tier B
 * opens two days from now and closes after a week; a third member's tier has no opening.
 */
async function scenario(options: { stock?: number } = {}) {
  const at = clock().getTime();
  const start = new Date(at - 2 * HOUR_MS);
  const end = new Date(at + 14 * DAY_MS);
  const { offering, wines } = await f.createOpenOffering({ wines: [{ name: 'Quella', stock: options.stock ?? 100 }], startDate: start, endDate: end });
  const wine = wines[0]!;
  const [a, b] = [await tier('Founders', 1), await tier('Members', 2)];
  const aOpens = new Date(at - HOUR_MS);
  const bOpens = new Date(at + 2 * DAY_MS);
  const bCloses = new Date(at + 7 * DAY_MS);
  await t.db.insert(offeringTierOpenings).values([
    { tenantId: TEST_TENANT, offeringId: offering.id, tierId: a.id, opensAt: aOpens, closesAt: null },
    { tenantId: TEST_TENANT, offeringId: offering.id, tierId: b.id, opensAt: bOpens, closesAt: bCloses },
  ]);
  const member = async (tierId: string | null) => {
    const m = await f.createMember(offering.id, { [wine.id]: { maximum: 6 } });
    if (tierId) await t.db.update(customers).set({ tierId }).where(eq(customers.id, m.customer.id));
    return m;
  };
  return { offering, wine, start, end, aOpens, bOpens, bCloses, ofA: await member(a.id), ofB: await member(b.id), untiered: await member(null) };
}

describe("a member's own window", () => {
  it("gives a member of tier A their tier's opening, a member without an opening the offering's, and the release settings", async () => {
    const s = await scenario();
    await t.db.update(offerings).set({ admissionPerMinute: 200, holdMinutes: 15 }).where(eq(offerings.id, s.offering.id));

    const a = (await get(s.ofA, `/allocation/${s.ofA.allocation.id}`)).json();
    expect(a).toMatchObject({ startDate: s.aOpens.toISOString(), endDate: s.end.toISOString(), release: { waitingRoom: true, holdMinutes: 15 } });
    const b = (await get(s.ofB, `/allocation/${s.ofB.allocation.id}`)).json();
    expect(b).toMatchObject({ startDate: s.bOpens.toISOString(), endDate: s.bCloses.toISOString() });
    const none = await get(s.untiered, `/allocation/${s.untiered.allocation.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ startDate: s.start.toISOString(), endDate: s.end.toISOString() });

    // The list (whose first item is the current allocation) carries the same window.
    const list = (await get(s.ofB, '/allocation')).json() as Array<{ id: string; startDate: string; endDate: string }>;
    expect(list.find((item) => item.id === s.ofB.allocation.id)).toMatchObject({ startDate: s.bOpens.toISOString(), endDate: s.bCloses.toISOString() });

    // The offering pages too: the window, and when choosing ends.
    const page = (await get(s.ofB, `/allocation/${s.ofB.allocation.id}/offering`)).json();
    expect(page).toMatchObject({ startDate: s.bOpens.toISOString(), endDate: s.bCloses.toISOString(), closesAt: s.bCloses.toISOString() });
  });

  it('says no waiting room and no holds when the offering has neither', async () => {
    const s = await scenario();
    expect((await get(s.ofA, `/allocation/${s.ofA.allocation.id}`)).json().release).toEqual({ waitingRoom: false, holdMinutes: null });
  });

  it("keeps a member out of the cart and wishes before their opening, while a member of an earlier tier chooses", async () => {
    const s = await scenario();
    const early = await putCart(s.ofA, s.wine.id, 2);
    expect(early.statusCode).toBe(200);
    const untiered = await putCart(s.untiered, s.wine.id, 1);
    expect(untiered.statusCode).toBe(200);

    // Not closed for them: still to come, and said so (no time zone is known here to give the date).
    const notYet = { statusCode: 409, type: 'conflict', message: 'This offering is not open for you yet.' };
    const late = await putCart(s.ofB, s.wine.id, 2);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(notYet);
    const draft = await t.app.inject({
      method: 'PUT',
      url: `${base(s.ofB)}/cart`,
      headers: headers(s.ofB),
      payload: { allocationId: s.ofB.allocation.id, lines: [{ wineId: s.wine.id, quantity: 1 }], draft: true },
    });
    expect(draft.json()).toEqual(notYet);
    // A cart that got there anyway (made before staff set the opening) is neither held nor ordered.
    const [stray] = await t.db.insert(carts).values({ tenantId: TEST_TENANT, customerId: s.ofB.customer.id, allocationId: s.ofB.allocation.id, lines: [{ wineId: s.wine.id, quantity: 1 }] }).returning();
    const held = await t.app.inject({ method: 'PUT', url: `${base(s.ofB)}/allocation/${s.ofB.allocation.id}/hold`, headers: headers(s.ofB), payload: { cartId: stray!.id } });
    expect(held.json()).toEqual(notYet);
    const ordered = await placeOrder(s.ofB, stray!.id);
    expect(ordered.statusCode).toBe(409);
    expect(ordered.json()).toEqual(notYet);
    const wish = await t.app.inject({
      method: 'POST',
      url: `${base(s.ofB)}/allocation/${s.ofB.allocation.id}/wish`,
      headers: headers(s.ofB),
      payload: { wineId: s.wine.id, quantity: 2 },
    });
    expect(wish.statusCode).toBe(409);
    expect(wish.json().message).toBe('You can ask for more wine only while the offering is open.');

    // At their opening, to the millisecond, they may.
    current = new Date(s.bOpens);
    expect((await putCart(s.ofB, s.wine.id, 2)).statusCode).toBe(200);
    // After their tier's close (the offering itself still open), no longer: closed now.
    current = new Date(s.bCloses.getTime() + 1);
    const closed = await putCart(s.ofB, s.wine.id, 1);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This offering is closed.');
    expect((await putCart(s.ofA, s.wine.id, 1)).statusCode).toBe(200);
    current = new Date(s.start.getTime() + 2 * HOUR_MS);
  });

  it("shows a wine as available only while bottles remain beyond other members' live holds", async () => {
    const s = await scenario({ stock: 3 });
    const available = async (m: Member) =>
      ((await get(m, `/allocation/${m.allocation.id}/offering`)).json() as { wines: Array<{ id: string; available: boolean }> }).wines.find(
        (wine) => wine.id === s.wine.id,
      )?.available;
    expect(await available(s.ofA)).toBe(true);

    // Member A holds all three bottles for 10 minutes.
    const at = clock();
    await t.db.insert(stockHolds).values({
      tenantId: TEST_TENANT,
      offeringId: s.offering.id,
      allocationId: s.ofA.allocation.id,
      customerId: s.ofA.customer.id,
      offeringWineId: s.wine.id,
      locationId: f.cellar.id,
      quantity: 3,
      createdAt: at,
      expiresAt: new Date(at.getTime() + 10 * MINUTE_MS),
    });
    expect(await available(s.untiered)).toBe(false);
    // Their own hold is theirs: they still see the wine.
    expect(await available(s.ofA)).toBe(true);
    // The hold expires by itself on the app's clock.
    advance(10 * MINUTE_MS);
    expect(await available(s.untiered)).toBe(true);
  });
});

describe('a tier whose window closes before it opens', () => {
  const closeEarly = async (offeringId: string) => {
    const manager = await t.createStaffUser({ role: 'manager' });
    const token = await t.signInStaff(manager.email);
    return t.app.inject({ method: 'POST', url: `/v1/staff/offerings/${offeringId}/close`, headers: { tenant: TEST_TENANT, authorization: token } });
  };
  const detailOf = async (m: Member) => (await get(m, `/allocation/${m.allocation.id}`)).json() as AllocationDetail;

  it('is expired, never "opens on", once the offering is closed early: the current allocation, in grace, closed to choices', async () => {
    const s = await scenario();
    // An earlier offering of the same member, long over: the closed one must still be the current one.
    const past = await f.createOpenOffering({ wines: [{}], startDate: new Date(clock().getTime() - 60 * DAY_MS), endDate: new Date(clock().getTime() - 50 * DAY_MS) });
    await t.createAllocation({ offeringId: past.offering.id, customerId: s.ofB.customer.id });
    const before = await detailOf(s.ofB);
    expect(openingState({ opensAt: before.startDate, closesAt: before.endDate }, clock())).toBe('before');

    const closedAt = clock();
    expect((await closeEarly(s.offering.id)).statusCode).toBe(200);
    const after = await detailOf(s.ofB);
    // The member's own window now closes before it opens (allocation_windows: never past the end),
    // its last instant the one before the close (ADR 032): closed from the close's own instant.
    expect(after).toMatchObject({ startDate: s.bOpens.toISOString(), endDate: new Date(closedAt.getTime() - 1).toISOString() });
    expect(openingState({ opensAt: after.startDate, closesAt: after.endDate }, closedAt)).toBe('grace');
    advance(1);
    expect(openingState({ opensAt: after.startDate, closesAt: after.endDate }, clock())).toBe('grace');
    expect(getAllocationStatus(after, clock())).toBe('allocation-expired');
    const list = (await get(s.ofB, '/allocation')).json() as Array<{ id: string }>;
    expect(list.map((item) => item.id)).toEqual([s.ofB.allocation.id, expect.any(String)]);
    const refused = await putCart(s.ofB, s.wine.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This offering is closed.');

    // Up to the tier's opening and past it, still expired: the opening it will never have is not announced.
    current = new Date(s.bOpens.getTime() + 1);
    const later = await detailOf(s.ofB);
    expect(openingState({ opensAt: later.startDate, closesAt: later.endDate }, clock())).toBe('grace');
    expect(getAllocationStatus(later, clock())).toBe('allocation-expired');
    current = new Date('2027-03-01T12:00:00.000Z');
  });

  it("is not 'before' its opening when the offering's end moves before it, and closed to choices", async () => {
    const s = await scenario();
    const newEnd = new Date(s.bOpens.getTime() - HOUR_MS);
    await t.db.update(offerings).set({ endDate: newEnd }).where(eq(offerings.id, s.offering.id));
    const moved = await detailOf(s.ofB);
    expect(moved).toMatchObject({ startDate: s.bOpens.toISOString(), endDate: newEnd.toISOString() });
    // Until the new end: nothing current (seed §4), and no opening announced.
    expect(openingState({ opensAt: moved.startDate, closesAt: moved.endDate }, clock())).toBe('over');
    expect(getAllocationStatus(moved, clock())).toBe('account-info');
    expect((await putCart(s.ofB, s.wine.id, 1)).json().message).toBe('This offering is closed.');
    // The millisecond after the end: expired, as any member's window after its close.
    current = new Date(newEnd.getTime() + 1);
    expect(openingState({ opensAt: moved.startDate, closesAt: moved.endDate }, clock())).toBe('grace');
    expect(getAllocationStatus(moved, clock())).toBe('allocation-expired');
    current = new Date('2027-03-01T12:00:00.000Z');
  });
});

describe("an allocation link's expiry", () => {
  const exchange = (token: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/v1/customer/link/exchange', headers: { tenant: TEST_TENANT }, remoteAddress: ip, payload: { token, purpose: 'allocation' } });

  it("lasts until the member's own grace window ends, sooner for a tier that closes sooner", async () => {
    const s = await scenario();
    const link = (m: Member) =>
      issueLinkToken(t.db, {
        tenantId: TEST_TENANT,
        customerId: m.customer.id,
        purpose: 'allocation',
        allocationId: m.allocation.id,
        createdAt: clock(),
        // As invitations set it: the offering's end and its grace window.
        expiresAt: new Date(s.end.getTime() + ALLOCATION_GRACE_MS),
      });
    const [ofB, ofBLater, ofA] = [await link(s.ofB), await link(s.ofB), await link(s.untiered)];

    current = new Date(s.bCloses.getTime() + ALLOCATION_GRACE_MS - 1);
    expect((await exchange(ofB, '203.0.113.1')).statusCode).toBe(200);

    current = new Date(s.bCloses.getTime() + ALLOCATION_GRACE_MS);
    const expired = await exchange(ofBLater, '203.0.113.2');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'This allocation link has expired...',
      errors: [{ field: 'token', code: 'allocationLinkExpired', message: 'This allocation link has expired...' }],
    });
    // A member of the offering's own window still gets in.
    const untiered = await exchange(ofA, '203.0.113.3');
    expect(untiered.statusCode).toBe(200);
    expect(untiered.json()).toMatchObject({ allocationId: s.untiered.allocation.id });
    current = new Date('2027-03-01T12:00:00.000Z');
  });
});
