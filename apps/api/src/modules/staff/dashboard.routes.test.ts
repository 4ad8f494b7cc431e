import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@winery/domain';
import { linkTokens, offeringInvitations, wishes } from '../../db/schema/index.js';
import { createOrderingFixtures, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { takeUpPercent } from './dashboard.service.js';

let t: TestApp;
let o: OrderingFixtures;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  o = await createOrderingFixtures(t);
  token = await t.signInStaff((await t.createStaffUser({ role: 'viewer' })).email);
});
afterAll(async () => t?.close());

const dashboard = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/v1/staff/dashboard', headers: { tenant: TEST_TENANT, authorization: token } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
};

type Member = Awaited<ReturnType<OrderingFixtures['createMember']>>;

async function order(member: Member, lines: Array<{ wineId: string; quantity: number }>) {
  const headers = { tenant: TEST_TENANT, authorization: member.token };
  const base = `/v1/${TEST_TENANT}/customer/${member.customer.id}`;
  const cart = await t.app.inject({ method: 'PUT', url: `${base}/cart`, headers, payload: { allocationId: member.allocation.id, lines } });
  expect(cart.statusCode).toBe(200);
  const placed = await t.app.inject({
    method: 'POST',
    url: `${base}/order`,
    headers,
    payload: {
      cartId: cart.json().id,
      delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: member.address.id },
      billingAddressId: member.address.id,
      payment: { cardId: member.card.id },
      idempotencyKey: randomUUID(),
    },
  });
  expect(placed.statusCode).toBe(201);
  return placed.json();
}

const invite = async (member: Member, offeringId: string, linkUsed = false) => {
  await t.db.insert(offeringInvitations).values({ tenantId: TEST_TENANT, offeringId, allocationId: member.allocation.id, customerId: member.customer.id });
  await t.db.insert(linkTokens).values({
    tenantId: TEST_TENANT,
    customerId: member.customer.id,
    purpose: 'allocation',
    tokenHash: randomUUID(),
    allocationId: member.allocation.id,
    expiresAt: new Date(Date.now() + 30 * DAY_MS),
    usedAt: linkUsed ? new Date() : null,
  });
};

describe('GET /v1/staff/dashboard', () => {
  it('shows the open offering and the next one, and its figures move as members are invited and order', async () => {
    const before = await dashboard();
    expect(before).toMatchObject({ offerings: [], prospectsWaiting: 0, generatedAt: expect.any(String) });

    const { offering, wines } = await o.createOpenOffering({ wines: [{ name: 'Melbury', priceCents: 10_000, stock: 10 }, { name: 'Quella', priceCents: 5_000, stock: 20 }] });
    const next = await t.createOffering({ name: 'Next', startDate: new Date(Date.now() + 10 * DAY_MS), endDate: new Date(Date.now() + 40 * DAY_MS) });
    await t.createOffering({ name: 'Later', startDate: new Date(Date.now() + 20 * DAY_MS), endDate: new Date(Date.now() + 50 * DAY_MS) });
    await t.createOffering({ name: 'Draft', status: 'draft', startDate: new Date(Date.now() + 5 * DAY_MS), endDate: new Date(Date.now() + 9 * DAY_MS) });
    await t.createOffering({ name: 'Past', startDate: new Date(Date.now() - 60 * DAY_MS), endDate: new Date(Date.now() - 30 * DAY_MS) });
    const limits = { [wines[0]!.id]: { maximum: 6 }, [wines[1]!.id]: { maximum: 12 } };
    const ada = await o.createMember(offering.id, limits);
    const ben = await o.createMember(offering.id, limits);
    const cal = await o.createMember(offering.id, limits);
    await t.createAllocationRequest();

    const quiet = await dashboard();
    expect(quiet.offerings.map((item: { name: string }) => item.name)).toEqual([offering.name, 'Next']);
    expect(quiet.prospectsWaiting).toBe(1);
    const [open, upcoming] = quiet.offerings;
    expect(open).toMatchObject({
      id: offering.id,
      phase: 'open',
      secondsToStart: null,
      allocated: 3,
      invited: 0,
      signedInThroughLink: 0,
      ordered: 0,
      takeUpPercent: 0,
      revenueCents: 0,
      wishesWaiting: 0,
      wines: [
        { offeringWineId: wines[0]!.id, name: wines[0]!.name, vintage: 2021, sizeMl: 750, sold: 0, left: 10 },
        { offeringWineId: wines[1]!.id, name: wines[1]!.name, vintage: 2021, sizeMl: 750, sold: 0, left: 20 },
      ],
    });
    expect(open.secondsToEnd).toBeGreaterThan(24 * 24 * 3600);
    expect(upcoming).toMatchObject({ id: next.id, phase: 'scheduled', secondsToEnd: expect.any(Number), invited: 0, wines: [] });
    expect(upcoming.secondsToStart).toBeGreaterThan(9 * 24 * 3600);

    await invite(ada, offering.id, true);
    await invite(ben, offering.id);
    await invite(cal, offering.id, true);
    await order(ada, [{ wineId: wines[0]!.id, quantity: 2 }, { wineId: wines[1]!.id, quantity: 3 }]);
    await t.db.insert(wishes).values({ tenantId: TEST_TENANT, allocationId: ben.allocation.id, offeringWineId: wines[0]!.id, quantity: 2 });

    const busy = (await dashboard()).offerings[0];
    expect(busy).toMatchObject({
      invited: 3,
      signedInThroughLink: 2,
      ordered: 1,
      takeUpPercent: 33.3,
      revenueCents: 2 * 10_000 + 3 * 5_000,
      wishesWaiting: 1,
    });
    expect(busy.wines.map((wine: { sold: number; left: number }) => [wine.sold, wine.left])).toEqual([
      [2, 8],
      [3, 17],
    ]);

    await order(cal, [{ wineId: wines[0]!.id, quantity: 1 }]);
    const later = (await dashboard()).offerings[0];
    expect(later).toMatchObject({ ordered: 2, takeUpPercent: 66.7, revenueCents: 45_000 });
    expect(later.wines[0]).toMatchObject({ sold: 3, left: 7 });
  });

  it('rounds take-up to one decimal, 0 when nobody was invited', () => {
    expect(takeUpPercent(0, 0)).toBe(0);
    expect(takeUpPercent(3, 0)).toBe(0);
    expect(takeUpPercent(1, 8)).toBe(12.5);
    expect(takeUpPercent(2, 3)).toBe(66.7);
    expect(takeUpPercent(5, 5)).toBe(100);
  });
});
