import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '@winery/domain';
import { orderLines } from '../../db/schema/index.js';
import { createStaffOfferingFixtures } from '../../testing/staff-offering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/* Offerings as staff schedule and edit them: content, window, wines, stock and rules. */

let t: TestApp;
let f: Awaited<ReturnType<typeof createStaffOfferingFixtures>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createStaffOfferingFixtures(t);
});
afterAll(async () => t?.close());

describe('POST /v1/staff/offerings', () => {
  it('creates an offering with its letter, notes, wines, stock and rules, and shows it back', async () => {
    const { body, wineIds, serial } = await f.offeringBody({ campaignType: 'event-offering' });
    const response = await f.staffCall('POST', '/offerings', body);
    expect(response.statusCode).toBe(201);
    const offering = response.json();
    expect(offering).toMatchObject({
      name: 'Autumn Release',
      slug: `autumn-release-${serial}`,
      campaignType: 'event-offering',
      phase: 'scheduled',
      startDate: new Date(body.startDate).toISOString(),
      metaData: { 'show-vintage-notes': true, 'campaign-type': 'event-offering' },
      letter: body.letter,
      vintageNotes: body.vintageNotes,
      orderMinimumCents: 30_000,
      combinations: [{ wineId: wineIds.magnum, requiresWineId: wineIds.melbury, quantity: 3 }],
      allocations: { count: 0, ordered: 0, wishesRequested: 0 },
    });
    expect(offering.wines).toEqual([
      expect.objectContaining({
        wineId: wineIds.melbury,
        priceCents: 19_500,
        sizeMl: 750,
        stock: [
          { locationId: f.cellar.id, quantity: 120 },
          { locationId: f.room.id, quantity: 24 },
        ],
        available: 144,
        allocatedMaximum: 0,
        ordered: 0,
      }),
      expect.objectContaining({ wineId: wineIds.magnum, sizeMl: 1500, available: 12 }),
    ]);

    const again = await f.staffCall('GET', `/offerings/${offering.id}`);
    expect(again.json()).toEqual(offering);
    const list = (await f.staffCall('GET', '/offerings?limit=200')).json();
    expect(list.items).toContainEqual(
      expect.objectContaining({ id: offering.id, phase: 'scheduled', status: 'published', closedEarly: false, wineCount: 2, allocationCount: 0 }),
    );
  });

  it("refuses a start less than a day ahead and a start after the end, in the seed's words", async () => {
    const soon = await f.offeringBody({ startDate: f.fromNow(DAY_MS - MINUTE_MS) });
    const tooSoon = await f.staffCall('POST', '/offerings', soon.body);
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().errors).toEqual([
      { field: 'startDate', code: 'dateTooSoon', message: 'The date must be at least 1 day from now' },
    ]);

    const reversed = await f.offeringBody({ startDate: f.fromNow(10 * DAY_MS), endDate: f.fromNow(9 * DAY_MS) });
    const backwards = await f.staffCall('POST', '/offerings', reversed.body);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      { field: 'endDate', code: 'startAfterEnd', message: 'The start date must not fall after the end date' },
    ]);
  });

  it("answers 404 for another tenant's wine or location, naming the row, and saves nothing", async () => {
    const other = await t.createTenant();
    const theirWine = await t.createWine({ tenantId: other });
    const theirPlace = await t.createLocation({ tenantId: other });
    const { body } = await f.offeringBody();
    const before = (await f.staffCall('GET', '/offerings?limit=200')).json().items.length;

    const wine = await f.staffCall('POST', '/offerings', { ...body, wines: [...body.wines, { wineId: theirWine.id, priceCents: 1 }] });
    expect(wine.statusCode).toBe(404);
    expect(wine.json()).toEqual({
      statusCode: 404,
      type: 'notFound',
      message: 'This wine does not exist',
      errors: [{ field: 'wines.2.wineId', code: 'wineNotFound', message: 'This wine does not exist' }],
    });
    const place = await f.staffCall('POST', '/offerings', {
      ...body,
      wines: [{ ...body.wines[0], stock: [{ locationId: theirPlace.id, quantity: 5 }] }, body.wines[1]],
    });
    expect(place.statusCode).toBe(404);
    expect(place.json().errors).toEqual([
      { field: 'wines.0.stock.0.locationId', code: 'locationNotFound', message: 'This inventory location does not exist' },
    ]);
    expect((await f.staffCall('GET', '/offerings?limit=200')).json().items).toHaveLength(before);
  });

  it('refuses a wine listed twice and a rule about a wine outside the offering', async () => {
    const { body, wineIds } = await f.offeringBody();
    const outsider = await t.createWine();
    const response = await f.staffCall('POST', '/offerings', {
      ...body,
      wines: [...body.wines, { wineId: wineIds.melbury, priceCents: 1 }],
      combinations: [{ wineId: outsider.id, requiresWineId: wineIds.melbury, quantity: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'wines.2.wineId', code: 'duplicateWine', message: 'This wine is listed twice' },
      { field: 'combinations.0.wineId', code: 'wineNotInOffering', message: 'This wine is not part of the offering' },
    ]);
  });

  it('refuses a slug already in use with 409', async () => {
    const { body } = await f.createOffering();
    const second = await f.offeringBody({ slug: body.slug });
    const response = await f.staffCall('POST', '/offerings', second.body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, type: 'conflict', message: 'Another offering already uses this slug' });
  });
});

describe('PUT /v1/staff/offerings/{offeringId}', () => {
  it('replaces content, prices and stock; a wine left out leaves the offering with its rules', async () => {
    const { offering, body, wineIds } = await f.createOffering();
    const response = await f.staffCall('PUT', `/offerings/${offering.id}`, {
      ...body,
      name: 'Autumn Release, revised',
      campaignType: 'fl-onboarding',
      letter: { ...body.letter, paragraphs: ['A new first paragraph.', 'And a second.'] },
      wines: [{ wineId: wineIds.melbury, priceCents: 21_000, stock: [{ locationId: f.room.id, quantity: 6 }] }],
      combinations: [],
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      name: 'Autumn Release, revised',
      metaData: { 'campaign-type': 'fl-onboarding', 'show-vintage-notes': true },
      letter: { paragraphs: ['A new first paragraph.', 'And a second.'] },
      combinations: [],
    });
    expect(updated.wines).toEqual([
      expect.objectContaining({
        offeringWineId: offering.wines[0].offeringWineId,
        priceCents: 21_000,
        stock: [{ locationId: f.room.id, quantity: 6 }],
        available: 6,
      }),
    ]);
  });

  it('lets a scheduled offering keep a start less than a day away, but a new start must be a day ahead', async () => {
    const { offering, body } = await f.createOffering({ startDate: f.fromNow(DAY_MS + MINUTE_MS) });
    // Time passes: the stored start is now less than a day away; saving other changes still works.
    const kept = await f.staffCall('PUT', `/offerings/${offering.id}`, { ...body, startDate: offering.startDate, name: 'Renamed' });
    expect(kept.statusCode).toBe(200);
    const moved = await f.staffCall('PUT', `/offerings/${offering.id}`, { ...body, startDate: f.fromNow(12 * 60 * MINUTE_MS) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([
      { field: 'startDate', code: 'dateTooSoon', message: 'The date must be at least 1 day from now' },
    ]);
  });

  it('keeps the start of an offering that has started, and lets its end move but not into the past', async () => {
    const started = await t.createOffering({ startDate: new Date(Date.now() - 5 * DAY_MS), endDate: new Date(Date.now() + 5 * DAY_MS) });
    const { body } = await f.offeringBody();
    const common = { ...body, slug: started.slug, startDate: started.startDate.toISOString() };

    const longer = await f.staffCall('PUT', `/offerings/${started.id}`, { ...common, endDate: f.fromNow(20 * DAY_MS) });
    expect(longer.statusCode).toBe(200);
    expect(longer.json()).toMatchObject({ phase: 'open', startDate: started.startDate.toISOString() });

    const moved = await f.staffCall('PUT', `/offerings/${started.id}`, { ...common, startDate: f.fromNow(3 * DAY_MS), endDate: f.fromNow(20 * DAY_MS) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([
      { field: 'startDate', code: 'startDateLocked', message: 'The offering has started: its start date can no longer change' },
    ]);
    const past = await f.staffCall('PUT', `/offerings/${started.id}`, { ...common, endDate: f.fromNow(-MINUTE_MS) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'endDate', code: 'endDateInPast', message: 'The end date must not be in the past' }]);
  });

  it('will not take out a wine that has been ordered', async () => {
    const { offering, body, wineIds } = await f.createOffering();
    const member = await t.createCustomer();
    const allocation = await t.createAllocation({ offeringId: offering.id, customerId: member.id });
    const order = await t.createOrder({ customerId: member.id, allocationId: allocation.id });
    await t.db.insert(orderLines).values({
      tenantId: TEST_TENANT,
      orderId: order.id,
      offeringWineId: offering.wines[1].offeringWineId,
      name: 'Melbury',
      vintage: 2022,
      sizeMl: 1500,
      quantity: 1,
      unitPriceCents: 42_000,
    });
    const response = await f.staffCall('PUT', `/offerings/${offering.id}`, {
      ...body,
      wines: [body.wines[0]],
      combinations: [],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A wine that members have ordered cannot be taken out of the offering');
    const unchanged = (await f.staffCall('GET', `/offerings/${offering.id}`)).json();
    expect(unchanged.wines.map((w: { wineId: string }) => w.wineId)).toEqual([wineIds.melbury, wineIds.magnum]);
    expect(unchanged.wines[1].ordered).toBe(1);
    expect(unchanged.allocations).toMatchObject({ count: 1, ordered: 1 });
    const [invited] = (await f.staffCall('GET', `/offerings/${offering.id}/allocations`)).json().items;
    expect(invited).toMatchObject({ customerId: member.id, hasOrdered: true });
  });
});

describe("another tenant's offering", () => {
  it('answers 404 on every offering route', async () => {
    const other = await t.createTenant();
    const theirs = await t.createOffering({ tenantId: other });
    const { body } = await f.offeringBody();
    const calls = [
      f.staffCall('GET', `/offerings/${theirs.id}`),
      f.staffCall('PUT', `/offerings/${theirs.id}`, body),
      f.staffCall('GET', `/offerings/${theirs.id}/allocations`),
      f.staffCall('PUT', `/offerings/${theirs.id}/allocations`, [{ email: 'a@example.com', lines: [] }]),
      f.staffCall('GET', `/offerings/${theirs.id}/wishes`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This offering does not exist' });
    }
  });
});
