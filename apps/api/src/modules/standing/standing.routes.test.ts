import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@winery/domain';
import { auditLog, offeringTierOpenings, orderLines, tiers, wishes } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

const NOW = new Date('2026-11-25T18:00:00Z');
const day = (n: number) => new Date(NOW.getTime() + n * DAY_MS);

/** The member's order in the spring offering (its page is /profile/orders/{id}). */
let springOrderId = '';
let t: TestApp;
let member: { id: string; email: string };
let token: string;
let managerToken: string;
let viewerToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const [tier] = await t.db.insert(tiers).values({ tenantId: TEST_TENANT, name: 'Cellar', rank: 2 }).returning();
  member = await t.createCustomer({ tierId: tier!.id });
  token = await t.signIn(member.email);
  managerToken = await t.signInStaff((await t.createStaffUser({ role: 'manager' })).email);
  viewerToken = await t.signInStaff((await t.createStaffUser({ role: 'viewer' })).email);

  const wine = async (offeringId: string, name: string, sortOrder: number) =>
    t.createOfferingWine({ offeringId, wineId: (await t.createWine({ name, vintage: 2021 })).id, sortOrder });

  // Spring: ordered twice (one order cancelled), a wish granted in part, one declined.
  const spring = await t.createOffering({ name: 'Spring Release', startDate: day(-250), endDate: day(-236) });
  const springAllocation = await t.createAllocation({ offeringId: spring.id, customerId: member.id });
  const cab = await wine(spring.id, 'Estate Cabernet', 0);
  const chard = await wine(spring.id, 'Chardonnay', 1);
  await t.createAllocationLine({ allocationId: springAllocation.id, offeringWineId: cab.id, minimum: 1, maximum: 6 });
  await t.createAllocationLine({ allocationId: springAllocation.id, offeringWineId: chard.id, maximum: 3 });
  const first = await t.createOrder({ customerId: member.id, allocationId: springAllocation.id, number: 'AM-1001', placedAt: day(-249) });
  springOrderId = first.id;
  const cancelled = await t.createOrder({ customerId: member.id, allocationId: springAllocation.id, number: 'AM-1002', status: 'cancelled', placedAt: day(-248) });
  const line = { tenantId: TEST_TENANT, vintage: 2021, sizeMl: 750, unitPriceCents: 12_000 };
  await t.db.insert(orderLines).values([
    { ...line, orderId: first.id, offeringWineId: cab.id, name: 'Estate Cabernet', quantity: 4 },
    { ...line, orderId: first.id, offeringWineId: chard.id, name: 'Chardonnay', quantity: 2 },
    { ...line, orderId: cancelled.id, offeringWineId: cab.id, name: 'Estate Cabernet', quantity: 2 },
  ]);
  await t.db.insert(wishes).values([
    { tenantId: TEST_TENANT, allocationId: springAllocation.id, offeringWineId: cab.id, quantity: 6, status: 'granted', grantedQuantity: 2, decidedAt: day(-247) },
    { tenantId: TEST_TENANT, allocationId: springAllocation.id, offeringWineId: chard.id, quantity: 3, status: 'declined', decidedAt: day(-247) },
  ]);

  // Summer: closed without an order (skipped); the only order there was cancelled.
  const summer = await t.createOffering({ name: 'Summer Release', startDate: day(-150), endDate: day(-140) });
  const summerAllocation = await t.createAllocation({ offeringId: summer.id, customerId: member.id });
  await t.createAllocationLine({ allocationId: summerAllocation.id, offeringWineId: (await wine(summer.id, 'Rosé', 0)).id, maximum: 2 });
  await t.createOrder({ customerId: member.id, allocationId: summerAllocation.id, number: 'AM-2001', status: 'cancelled', placedAt: day(-149) });

  // Autumn: open now for this member's tier, which opened two days after the offering; a wish waits.
  const autumn = await t.createOffering({ name: 'Autumn Release', startDate: day(-3), endDate: day(10) });
  const autumnAllocation = await t.createAllocation({ offeringId: autumn.id, customerId: member.id });
  const pinot = await wine(autumn.id, 'Pinot Noir', 0);
  await t.createAllocationLine({ allocationId: autumnAllocation.id, offeringWineId: pinot.id, maximum: 2 });
  await t.db.insert(offeringTierOpenings).values({ tenantId: TEST_TENANT, offeringId: autumn.id, tierId: tier!.id, opensAt: day(-1), closesAt: day(5) });
  await t.db.insert(wishes).values({ tenantId: TEST_TENANT, allocationId: autumnAllocation.id, offeringWineId: pinot.id, quantity: 4 });

  // Not shown: an offering that has not opened for them, a draft, a cancelled one, another member's.
  const winter = await t.createOffering({ name: 'Winter Release', startDate: day(20), endDate: day(30) });
  await t.createAllocation({ offeringId: winter.id, customerId: member.id });
  const draft = await t.createOffering({ name: 'Draft Release', startDate: day(-20), endDate: day(-10), status: 'draft' });
  await t.createAllocation({ offeringId: draft.id, customerId: member.id });
  const called = await t.createOffering({ name: 'Called Off', startDate: day(-60), endDate: day(-50), cancelledAt: day(-61) });
  await t.createAllocation({ offeringId: called.id, customerId: member.id });
  const other = await t.createCustomer();
  const otherAllocation = await t.createAllocation({ offeringId: spring.id, customerId: other.id });
  await t.createOrder({ customerId: other.id, allocationId: otherAllocation.id, number: 'AM-9999' });
  Object.assign(ids, { spring: spring.id, summer: summer.id, autumn: autumn.id, other: other.id, tier: tier!.id });
});
afterAll(async () => t?.close());

const getStanding = (customerId = member.id, authorization = token) =>
  t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${customerId}/standing`, headers: { tenant: TEST_TENANT, authorization } });
const staff = (method: 'GET' | 'PUT', authorization: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: '/v1/staff/list-rules', headers: { tenant: TEST_TENANT, authorization }, ...(payload ? { payload } : {}) });

describe('GET /v1/:tenant/customer/:customerId/standing', () => {
  it('lists the offerings the member was in, newest first, in their own window, with what they ordered and wished', async () => {
    const response = await getStanding();
    expect(response.statusCode).toBe(200);
    const body = response.json() as { offerings: Array<Record<string, unknown>>; rules: unknown };
    expect(body.offerings.map((offering) => offering.name)).toEqual(['Autumn Release', 'Summer Release', 'Spring Release']);
    expect(body.rules).toBeNull();

    const [autumn, summer, spring] = body.offerings;
    expect(autumn).toMatchObject({
      offeringId: ids.autumn,
      state: 'open',
      opensAt: day(-1).toISOString(),
      closesAt: day(5).toISOString(),
      orders: [],
      bottlesOrdered: 0,
      skipped: false,
      wines: [{ name: 'Pinot Noir', minimum: 0, maximum: 2, ordered: 0, wish: { requested: 4, status: 'requested', granted: null } }],
    });
    expect(summer).toMatchObject({ state: 'closed', orders: [], bottlesOrdered: 0, skipped: true, wines: [{ name: 'Rosé', maximum: 2, ordered: 0, wish: null }] });
    expect(spring).toMatchObject({
      state: 'closed',
      opensAt: day(-250).toISOString(),
      closesAt: day(-236).toISOString(),
      orders: [{ id: springOrderId, number: 'AM-1001', placedAt: day(-249).toISOString() }],
      bottlesOrdered: 6,
      skipped: false,
      wines: [
        { name: 'Estate Cabernet', vintage: 2021, sizeMl: 750, minimum: 1, maximum: 6, ordered: 4, wish: { requested: 6, status: 'granted', granted: 2 } },
        { name: 'Chardonnay', minimum: 0, maximum: 3, ordered: 2, wish: { requested: 3, status: 'declined', granted: null } },
      ],
    });
  });

  it('does not call skipped an offering that closed before the member\'s own opening came', async () => {
    const closed = await t.createOffering({ name: 'Closed Early', startDate: day(-40), endDate: day(-30), closedEarlyAt: day(-36) });
    await t.createAllocation({ offeringId: closed.id, customerId: member.id });
    // The member's tier was to open two days after the offering; staff closed it the day before.
    await t.db.insert(offeringTierOpenings).values({ tenantId: TEST_TENANT, offeringId: closed.id, tierId: ids.tier!, opensAt: day(-35) });
    const body = (await getStanding()).json() as { offerings: Array<Record<string, unknown>> };
    expect(body.offerings.find((offering) => offering.name === 'Closed Early')).toMatchObject({ state: 'closed', orders: [], bottlesOrdered: 0, skipped: false });
    expect(body.offerings.find((offering) => offering.name === 'Summer Release')).toMatchObject({ skipped: true });
  });

  it("refuses another member's standing", async () => {
    const response = await getStanding(ids.other!);
    expect([403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('AM-9999');
  });
});

describe('GET|PUT /v1/staff/list-rules', () => {
  it('renders the Markdown through the letters\' renderer, audits the change, and members read the HTML', async () => {
    expect((await staff('GET', viewerToken)).json()).toEqual({ markdown: '', html: '' });
    const markdown = '## Our list\n\nMembers who **skip two offerings in a row** move to the waiting list.<script>alert(1)</script>';
    const saved = await staff('PUT', managerToken, { markdown });
    expect(saved.statusCode).toBe(200);
    const { html } = saved.json() as { html: string };
    expect(html).toContain('<h2>Our list</h2>');
    expect(html).toContain('<strong>skip two offerings in a row</strong>');
    expect(html).not.toContain('script');
    expect((await staff('GET', viewerToken)).json()).toEqual({ markdown, html });
    expect((await getStanding()).json()).toMatchObject({ rules: { html } });

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'listRules.replace'));
    expect(entry).toMatchObject({ entityType: 'listRules', before: { markdown: '', html: '' }, after: { markdown, html } });
  });

  it('a viewer may read but not write; empty Markdown takes the rules down', async () => {
    const refused = await staff('PUT', viewerToken, { markdown: 'Anything' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'forbidden' });
    expect((await staff('PUT', managerToken, { markdown: '  ' })).json()).toEqual({ markdown: '', html: '' });
    expect((await getStanding()).json()).toMatchObject({ rules: null });
  });

  it('bad input is a 400 naming the field', async () => {
    const response = await staff('PUT', managerToken, { markdown: 12 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'validationError', errors: [{ field: 'markdown' }] });
  });
});
