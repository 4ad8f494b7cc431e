import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, offerings, shippingNotices, wishes } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { DAY_MS } from '@winery/domain';

let t: TestApp;
let cellar: Awaited<ReturnType<TestApp['createLocation']>>;
let room: Awaited<ReturnType<TestApp['createLocation']>>;

beforeAll(async () => {
  t = await createTestApp();
  cellar = await t.createLocation({ name: 'Cellar Door', address: '1 Estate Road, Oakville, CA 94562', hours: 'Daily 10–4', sortOrder: 0 });
  room = await t.createLocation({ name: 'Tasting Room', address: '20 Jackson Street, San Francisco, CA 94111', hours: 'Thu–Sun 11–6', shipsFrom: false, sortOrder: 1 });
  await t.createLocation({ name: 'Bonded Warehouse', pickup: false, shipsFrom: false, sortOrder: 2 });
  await t.db.insert(shippingNotices).values({
    tenantId: TEST_TENANT,
    countryCode: 'CA',
    text: 'Shipping charges for Canada are collected by the carrier on delivery.',
  });
});
afterAll(async () => t?.close());

const base = (customerId: string, allocationId: string) => `/v1/${TEST_TENANT}/customer/${customerId}/allocation/${allocationId}`;

/** An open offering of three wines: one in stock, one sold out, one this member was not allocated. */
async function openOffering(options: { orderMinimumCents?: number | null; start?: number; end?: number } = {}) {
  const offering = await t.createOffering({
    name: 'Spring Release',
    campaignType: 'standard',
    startDate: new Date(Date.now() + (options.start ?? -5 * DAY_MS)),
    endDate: new Date(Date.now() + (options.end ?? 25 * DAY_MS)),
    metaData: { 'show-vintage-notes': true, letterStyle: 'handwritten' },
    letter: { title: 'Dear friends', paragraphs: ['The 2022s are in bottle.', 'They are worth the wait.'], signature: 'Catherine Aldermoor' },
    vintageNotes: [{ title: 'Melbury 2022', paragraphs: ['Dense and dark.'] }],
    orderMinimumCents: 30_000,
  });
  const melbury = await t.createWine({ name: `Melbury ${offering.slug}`, description: 'Benchland Cabernet.' });
  const inStock = await t.createOfferingWine({
    offeringId: offering.id,
    wineId: melbury.id,
    priceCents: 19_500,
    sortOrder: 0,
    stock: [
      { locationId: cellar.id, quantity: 0 },
      { locationId: room.id, quantity: 4 },
    ],
  });
  const soldOut = await t.createOfferingWine({ offeringId: offering.id, priceCents: 42_000, sortOrder: 1, stock: [{ locationId: cellar.id, quantity: 0 }] });
  const notMine = await t.createOfferingWine({ offeringId: offering.id, priceCents: 9_900, sortOrder: 2, stock: [{ locationId: cellar.id, quantity: 10 }] });
  await t.db
    .update(offerings)
    .set({
      combinations: [
        { wineId: soldOut.id, requiresWineId: inStock.id, quantity: 3 },
        { wineId: notMine.id, requiresWineId: inStock.id, quantity: 1 },
      ],
    })
    .where(eq(offerings.id, offering.id));

  const customer = await t.createCustomer();
  const allocation = await t.createAllocation({
    offeringId: offering.id,
    customerId: customer.id,
    metaData: { 'skip-letter': true },
    orderMinimumCents: options.orderMinimumCents ?? null,
  });
  await t.createAllocationLine({ allocationId: allocation.id, offeringWineId: inStock.id, minimum: 2, maximum: 6 });
  await t.createAllocationLine({ allocationId: allocation.id, offeringWineId: soldOut.id, minimum: 0, maximum: 1 });
  const token = await t.signIn(customer.email);

  const view = () =>
    t.app.inject({ method: 'GET', url: `${base(customer.id, allocation.id)}/offering`, headers: { tenant: TEST_TENANT, authorization: token } });
  const wish = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${base(customer.id, allocation.id)}/wish`, headers: { tenant: TEST_TENANT, authorization: token }, payload });
  return { offering, melbury, inStock, soldOut, notMine, customer, allocation, token, view, wish };
}

describe('GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/offering', () => {
  it("answers the offering with this member's wines and limits only, and the delivery options", async () => {
    const o = await openOffering();
    // Another member of the same offering, with other limits.
    const other = await t.createCustomer();
    const theirs = await t.createAllocation({ offeringId: o.offering.id, customerId: other.id });
    await t.createAllocationLine({ allocationId: theirs.id, offeringWineId: o.inStock.id, minimum: 0, maximum: 24 });
    await t.createAllocationLine({ allocationId: theirs.id, offeringWineId: o.notMine.id, minimum: 0, maximum: 2 });

    const response = await o.view();
    expect(response.statusCode).toBe(200);
    const soldOutWine = await t.db.query.wines.findFirst({ where: (w, { eq: is }) => is(w.id, o.soldOut.wineId) });
    expect(response.json()).toEqual({
      allocationId: o.allocation.id,
      name: 'Spring Release',
      campaignType: 'standard',
      slug: o.offering.slug,
      startDate: o.offering.startDate.toISOString(),
      endDate: o.offering.endDate.toISOString(),
      closesAt: o.offering.endDate.toISOString(),
      serverTime: expect.any(String),
      metaData: { 'show-vintage-notes': true, letterStyle: 'handwritten', 'skip-letter': true },
      letter: { title: 'Dear friends', paragraphs: ['The 2022s are in bottle.', 'They are worth the wait.'], signature: 'Catherine Aldermoor' },
      vintageNotes: [{ title: 'Melbury 2022', paragraphs: ['Dense and dark.'] }],
      letterHtml: null,
      vintageNotesHtml: null,
      wines: [
        {
          id: o.inStock.id,
          name: o.melbury.name,
          vintage: 2022,
          sizeMl: 750,
          priceCents: 19_500,
          description: 'Benchland Cabernet.',
          minimum: 2,
          maximum: 6,
          available: true,
          ordered: 0,
          wish: null,
          image: null,
        },
        {
          id: o.soldOut.id,
          name: soldOutWine!.name,
          vintage: 2022,
          sizeMl: 750,
          priceCents: 42_000,
          description: 'Dark fruit and cedar.',
          minimum: 0,
          maximum: 1,
          available: false,
          ordered: 0,
          wish: null,
          image: null,
        },
      ],
      orderMinimumCents: 30_000,
      combinations: [{ wineId: o.soldOut.id, requiresWineId: o.inStock.id, quantity: 3 }],
      pickupLocations: [
        { id: cellar.id, name: 'Cellar Door', address: '1 Estate Road, Oakville, CA 94562', hours: 'Daily 10–4' },
        { id: room.id, name: 'Tasting Room', address: '20 Jackson Street, San Francisco, CA 94111', hours: 'Thu–Sun 11–6' },
      ],
      shippingNotices: [{ countryCode: 'CA', text: 'Shipping charges for Canada are collected by the carrier on delivery.' }],
    });
  });

  it('counts the bottles of each wine in the member\'s orders that are not cancelled', async () => {
    const o = await openOffering();
    const line = (orderId: string, quantity: number) => ({
      tenantId: TEST_TENANT,
      orderId,
      offeringWineId: o.inStock.id,
      locationId: cellar.id,
      name: o.melbury.name,
      vintage: 2022,
      sizeMl: 750,
      quantity,
      unitPriceCents: 19_500,
    });
    const kept = await t.createOrder({ customerId: o.customer.id, allocationId: o.allocation.id });
    const added = await t.createOrder({ customerId: o.customer.id, allocationId: o.allocation.id, status: 'fulfilled' });
    const cancelled = await t.createOrder({ customerId: o.customer.id, allocationId: o.allocation.id, status: 'cancelled' });
    await t.db.insert(orderLines).values([line(kept.id, 2), line(added.id, 1), line(cancelled.id, 3)]);
    // Someone else's order of the same wine is not this member's.
    const other = await t.createCustomer();
    const theirs = await t.createAllocation({ offeringId: o.offering.id, customerId: other.id });
    const theirOrder = await t.createOrder({ customerId: other.id, allocationId: theirs.id });
    await t.db.insert(orderLines).values(line(theirOrder.id, 4));

    const wines = (await o.view()).json().wines;
    expect(wines.map((wine: { ordered: number }) => wine.ordered)).toEqual([3, 0]);
  });

  it('closes at a cancellation that comes before the end, and carries the server clock', async () => {
    const o = await openOffering();
    const cancelAt = new Date(Date.now() + 2 * DAY_MS);
    await t.db.update(offerings).set({ cancelledAt: cancelAt }).where(eq(offerings.id, o.offering.id));
    const before = Date.now();
    const body = (await o.view()).json();
    expect(body.closesAt).toBe(cancelAt.toISOString());
    expect(body.endDate).toBe(o.offering.endDate.toISOString());
    expect(Date.parse(body.serverTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.serverTime)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("uses the member's own order minimum when staff set one", async () => {
    const o = await openOffering({ orderMinimumCents: 60_000 });
    expect((await o.view()).json().orderMinimumCents).toBe(60_000);
  });

  it("answers 404 'This allocation does not exist' for another member's allocation, and 403 through their id", async () => {
    const o = await openOffering();
    const me = await t.createCustomer();
    const myToken = await t.signIn(me.email);
    const mine = await t.app.inject({
      method: 'GET',
      url: `${base(me.id, o.allocation.id)}/offering`,
      headers: { tenant: TEST_TENANT, authorization: myToken },
    });
    expect(mine.statusCode).toBe(404);
    expect(mine.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This allocation does not exist' });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${base(o.customer.id, o.allocation.id)}/offering`,
      headers: { tenant: TEST_TENANT, authorization: myToken },
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('answers 401 to a staff token', async () => {
    const o = await openOffering();
    const staff = await t.createStaffUser({ email: o.customer.email });
    const staffToken = await t.signInStaff(staff.email);
    const response = await t.app.inject({
      method: 'GET',
      url: `${base(o.customer.id, o.allocation.id)}/offering`,
      headers: { tenant: TEST_TENANT, authorization: staffToken },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/wish', () => {
  it('records a wish (201), replaces its quantity while it waits (200), and shows it on the offering', async () => {
    const o = await openOffering();
    const first = await o.wish({ wineId: o.soldOut.id, quantity: 2 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ wineId: o.soldOut.id, quantity: 2, status: 'requested' });
    const again = await o.wish({ wineId: o.soldOut.id, quantity: 5 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ wineId: o.soldOut.id, quantity: 5, status: 'requested' });
    expect(await t.db.select().from(wishes).where(eq(wishes.allocationId, o.allocation.id))).toHaveLength(1);
    const wines = (await o.view()).json().wines;
    expect(wines[1].wish).toEqual({ quantity: 5, status: 'requested' });
    expect(wines[0].wish).toBeNull();
  });

  it('refuses to change a wish staff have answered', async () => {
    const o = await openOffering();
    await o.wish({ wineId: o.inStock.id, quantity: 2 });
    await t.db.update(wishes).set({ status: 'declined', decidedAt: new Date() }).where(eq(wishes.allocationId, o.allocation.id));
    const response = await o.wish({ wineId: o.inStock.id, quantity: 3 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      type: 'conflict',
      message: 'Your request for more of this wine has already been answered. Please contact us.',
    });
    const [row] = await t.db.select().from(wishes).where(eq(wishes.allocationId, o.allocation.id));
    expect(row).toMatchObject({ quantity: 2, status: 'declined' });
  });

  it('takes wishes only while the offering is open for the member', async () => {
    const closed = 'You can ask for more wine only while the offering is open.';
    const ended = await openOffering({ start: -40 * DAY_MS, end: -DAY_MS });
    const late = await ended.wish({ wineId: ended.inStock.id, quantity: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ statusCode: 409, type: 'conflict', message: closed });

    const upcoming = await openOffering({ start: 2 * DAY_MS, end: 30 * DAY_MS });
    expect((await upcoming.wish({ wineId: upcoming.inStock.id, quantity: 1 })).statusCode).toBe(409);

    const cancelled = await openOffering();
    await t.db.update(offerings).set({ cancelledAt: new Date(Date.now() - 1000) }).where(eq(offerings.id, cancelled.offering.id));
    const refused = await cancelled.wish({ wineId: cancelled.inStock.id, quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(closed);
    expect(await t.db.select().from(wishes).where(eq(wishes.allocationId, cancelled.allocation.id))).toEqual([]);
  });

  it('takes a wish from a member who has ordered, while the offering is open: they may still add bottles', async () => {
    const ordered = await openOffering();
    await t.createOrder({ customerId: ordered.customer.id, allocationId: ordered.allocation.id });
    const after = await ordered.wish({ wineId: ordered.inStock.id, quantity: 1 });
    expect(after.statusCode).toBe(201);
    expect(after.json()).toEqual({ wineId: ordered.inStock.id, quantity: 1, status: 'requested' });
  });

  it("refuses a wine outside the member's allocation and a quantity of zero", async () => {
    const o = await openOffering();
    const notMine = await o.wish({ wineId: o.notMine.id, quantity: 1 });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errors).toEqual([
      { field: 'wineId', code: 'wineNotInAllocation', message: 'This wine is not part of your allocation.' },
    ]);
    const unknown = await o.wish({ wineId: t.newId(), quantity: 1 });
    expect(unknown.statusCode).toBe(400);
    const zero = await o.wish({ wineId: o.inStock.id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual([{ field: 'quantity', code: 'invalidQuantity', message: 'Invalid quantity' }]);
  });

  it("answers 404 for another member's allocation", async () => {
    const o = await openOffering();
    const me = await t.createCustomer();
    const response = await t.app.inject({
      method: 'POST',
      url: `${base(me.id, o.allocation.id)}/wish`,
      headers: { tenant: TEST_TENANT, authorization: await t.signIn(me.email) },
      payload: { wineId: o.inStock.id, quantity: 1 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This allocation does not exist');
  });
});
