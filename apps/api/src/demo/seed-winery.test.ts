import { computeTotals, DAY_MS } from '@winery/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  allocationRequests,
  allocations,
  customers,
  inventoryLocations,
  offeringWines,
  offerings,
  orderLines,
  orders,
  shippingRates,
  shippingRestrictions,
  stock,
  taxRates,
  tiers,
  wishes,
} from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_STAFF, DEMO_TENANT } from './demo-sign-ins.js';
import { CURRENT_RELEASE, DEMO_ORDER } from './seed-content.js';
import { seedDemo } from './seed.js';

/** The demo as the staff console finds it: a winery's members, past releases and a live one. */
let t: TestApp;
const now = new Date();
const tenantId = DEMO_TENANT.slug;
const demo = <T extends { tenantId: string }>(rows: T[]) => rows.filter((row) => row.tenantId === tenantId);

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.db, now)).toBe(true);
});
afterAll(async () => t?.close());

async function releases() {
  const all = await t.db.select().from(offerings).where(eq(offerings.tenantId, tenantId));
  const closed = all.filter((offering) => / Release$/.test(offering.name) && offering.endDate < now);
  const open = all.find((offering) => offering.startDate < now && offering.endDate > now)!;
  return { closed, open };
}

const ordersOf = async (offeringId: string) => {
  const placed = await t.db.select({ order: orders }).from(orders).innerJoin(allocations, eq(orders.allocationId, allocations.id)).where(eq(allocations.offeringId, offeringId));
  return placed.map((row) => row.order);
};

describe('the demo members', () => {
  it('are 300, in three tiers, adults who joined from 2009 on, and only the demo sign-ins have passwords', async () => {
    const members = demo(await t.db.select().from(customers));
    expect(members).toHaveLength(300);
    const tierRows = demo(await t.db.select().from(tiers));
    expect(tierRows.map((tier) => [tier.name, tier.rank]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ['Founder', 1],
      ['Cellar', 2],
      ['Allocation', 3],
    ]);
    const tierName = new Map(tierRows.map((tier) => [tier.id, tier.name]));
    for (const tier of ['Founder', 'Cellar', 'Allocation']) expect(members.filter((m) => tierName.get(m.tierId!) === tier).length).toBeGreaterThan(30);
    const adultBefore = `${now.getUTCFullYear() - 21}-${now.toISOString().slice(5, 10)}`;
    for (const member of members) {
      expect(member.tierId).not.toBeNull();
      expect(member.memberSince! >= '2009-01-01' && member.memberSince! <= now.toISOString().slice(0, 10)).toBe(true);
      expect(member.dateOfBirth! <= adultBefore).toBe(true);
      expect(member.phone).toMatch(/^\+\d/);
    }
    const withPassword = members.filter((member) => member.passwordHash !== null).map((member) => member.email);
    expect(withPassword.sort()).toEqual(Object.values(DEMO_MEMBERS).sort());
    const years = new Set(members.map((member) => member.memberSince!.slice(0, 4)));
    expect(years.has('2009') && years.has(String(now.getUTCFullYear() - 1))).toBe(true);
    expect(new Set(members.map((member) => member.lastName)).size).toBeGreaterThan(60);
    expect(members.filter((member) => member.deactivatedAt).length).toBeGreaterThan(0);

    const byEmail = new Map(members.map((member) => [member.email, tierName.get(member.tierId!)]));
    expect(byEmail.get(DEMO_MEMBERS.ordered)).toBe('Founder');
    expect(byEmail.get(DEMO_MEMBERS.offering)).toBe('Cellar');
  });

  it('live across the US and a few abroad', async () => {
    const saved = demo(await t.db.select().from(addresses));
    const states = new Set(saved.filter((address) => address.countryCode === 'US').map((address) => address.stateCode));
    expect(states.size).toBeGreaterThan(15);
    const abroad = saved.filter((address) => address.countryCode !== 'US');
    expect(abroad.length).toBeGreaterThanOrEqual(3);
    expect(abroad.length).toBeLessThan(30);
  });
});

describe('the past releases', () => {
  it('are two, closed and published, with allocations for most members and orders from about 70 % of them', async () => {
    const { closed } = await releases();
    expect(closed.map((offering) => offering.name)).toHaveLength(2);
    for (const offering of closed) {
      expect(offering.name).toMatch(/^(Winter|Spring|Summer|Autumn) \d{4} Release$/);
      expect(offering.status).toBe('published');
      const allocated = await t.db.select().from(allocations).where(eq(allocations.offeringId, offering.id));
      expect(allocated.length).toBeGreaterThan(150);
      const placed = await ordersOf(offering.id);
      const takeUp = placed.length / allocated.length;
      expect(takeUp).toBeGreaterThan(0.6);
      expect(takeUp).toBeLessThan(0.8);
      for (const order of placed) {
        expect(order.placedAt >= offering.startDate && order.placedAt <= offering.endDate).toBe(true);
        // Each holds an authorisation of the test gateway's form, to be captured, voided or refunded.
        expect(order.authorizationId).toMatch(/^auth_test_[0-9a-f]{24}$/);
        if (order.status === 'cancelled') {
          expect(order).toMatchObject({ fulfilmentStatus: 'cancelled', paymentStatus: 'voided', capturedAt: null });
          expect(order.cancelledAt).not.toBeNull();
        } else if (order.deliveryMethod === 'shipping') {
          // Charged when it shipped (the Terms of Sale).
          expect(order).toMatchObject({ status: 'fulfilled', fulfilmentStatus: 'shipped', paymentStatus: 'captured', capturedAt: order.shippedAt });
          expect(order.carrier).toMatch(/^(UPS|FedEx)$/);
          expect(order.trackingNumber).toMatch(/^[0-9A-Z]{12,18}$/);
        } else {
          expect(['picked_up', 'ready_for_pickup']).toContain(order.fulfilmentStatus);
          expect(order.pickupLocationId).not.toBeNull();
          // Charged when it was ready for pick-up, collected or not.
          expect(order).toMatchObject({ paymentStatus: 'captured', capturedAt: order.readyForPickupAt });
        }
      }
      expect(placed.filter((order) => order.status === 'cancelled')).toHaveLength(2);
      expect(placed.filter((order) => order.deliveryMethod === 'pickup').length).toBeGreaterThan(5);
    }
  });

  it('price every order from its lines and the rate tables: subtotal + shipping + tax = total', async () => {
    const tables = {
      taxRates: demo(await t.db.select().from(taxRates)),
      shippingRates: demo(await t.db.select().from(shippingRates)),
      restrictions: demo(await t.db.select().from(shippingRestrictions)),
    };
    const locations = new Map(demo(await t.db.select().from(inventoryLocations)).map((location) => [location.id, location]));
    const lines = demo(await t.db.select().from(orderLines));
    const all = demo(await t.db.select().from(orders));
    expect(all.length).toBeGreaterThan(300);
    for (const order of all) {
      const mine = lines.filter((line) => line.orderId === order.id);
      const subtotalCents = mine.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
      const pickup = order.pickupLocationId ? locations.get(order.pickupLocationId)! : null;
      const address = order.shippingAddress ?? {};
      const result = computeTotals({
        subtotalCents,
        bottles: mine.reduce((sum, line) => sum + line.quantity, 0),
        delivery: pickup
          ? { method: 'pickup', locationId: pickup.id, taxDestination: { countryCode: pickup.countryCode, stateCode: pickup.stateCode } }
          : { method: 'shipping', destination: { countryCode: address.countryCode!, stateCode: address.stateCode } },
        tables,
      });
      expect(result, order.number).toMatchObject({ ok: true, totals: { subtotalCents: order.subtotalCents, shippingCents: order.shippingCents, taxCents: order.taxCents, totalCents: order.totalCents } });
      expect(order.subtotalCents + order.shippingCents + order.taxCents).toBe(order.totalCents);
    }
    expect(new Set(all.map((order) => order.number)).size).toBe(all.length);
  });
});

describe('the live release', () => {
  it('has ~250 members allocated, ~40 orders, a dozen wishes and 15 prospects waiting, as the dashboard shows', async () => {
    const { open } = await releases();
    const token = await t.signInStaff(DEMO_STAFF.email, DEMO_PASSWORD, tenantId);
    const response = await t.app.inject({ method: 'GET', url: '/v1/staff/dashboard', headers: { tenant: tenantId, authorization: token } });
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    const live = dashboard.offerings.find((offering: { id: string }) => offering.id === open.id);
    expect(live).toMatchObject({ phase: 'open', ordered: 40, wishesWaiting: 12 });
    expect(live.invited).toBeGreaterThan(200);
    expect(live.signedInThroughLink).toBeGreaterThan(live.ordered);
    expect(live.takeUpPercent).toBeGreaterThan(10);
    expect(dashboard.prospectsWaiting).toBe(15);
    const allocated = await t.db.select().from(allocations).where(eq(allocations.offeringId, open.id));
    expect(allocated).toHaveLength(250);
    const placed = await ordersOf(open.id);
    // Still being chosen or prepared: only authorised, to be charged when each ships.
    expect(placed.every((order) => order.status === 'pending' && order.paymentStatus === 'authorized' && order.capturedAt === null && order.authorizationId?.startsWith('auth_test_'))).toBe(true);

    const waiting = demo(await t.db.select().from(allocationRequests)).filter((request) => request.status === 'pending');
    expect(waiting.filter((request) => request.kind === 'allocation')).toHaveLength(10);
    expect(waiting.filter((request) => request.kind === 'founders-list')).toHaveLength(5);
    expect(waiting.every((request) => request.createdAt.getTime() > now.getTime() - 43 * DAY_MS)).toBe(true);
    const requested = demo(await t.db.select().from(wishes)).filter((wish) => wish.status === 'requested');
    expect(requested).toHaveLength(12);
  });

  it('never oversells: the stock left is what was there less every bottle ordered', async () => {
    const { open } = await releases();
    const offered = await t.db.select().from(offeringWines).where(eq(offeringWines.offeringId, open.id));
    const placed = (await ordersOf(open.id)).filter((order) => order.status !== 'cancelled');
    const lines = (await t.db.select().from(orderLines)).filter((line) => placed.some((order) => order.id === line.orderId));
    const all = demo(await t.db.select().from(stock));
    expect(all.every((row) => row.quantity >= 0)).toBe(true);
    // CURRENT_RELEASE's stock is what AE-10001 left; the other orders came off it too.
    const aeLines = new Map(DEMO_ORDER.lines.map((line) => [line.wine, line.quantity]));
    for (const [index, entry] of CURRENT_RELEASE.entries()) {
      const wine = offered.find((row) => row.sortOrder === index)!;
      const left = all.filter((row) => row.offeringWineId === wine.id).reduce((sum, row) => sum + row.quantity, 0);
      const sold = lines.filter((line) => line.offeringWineId === wine.id).reduce((sum, line) => sum + line.quantity, 0);
      expect(left + sold - (aeLines.get(entry.wine) ?? 0), entry.wine).toBe(entry.stock.cellarDoor + entry.stock.tastingRoom);
    }
  });
});
