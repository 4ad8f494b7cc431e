import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationLines, allocations, orderLines, wishes } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { MINUTE_MS, DAY_MS } from '@winery/domain';

let t: TestApp;
let token: string;
let cellar: Awaited<ReturnType<TestApp['createLocation']>>;
let room: Awaited<ReturnType<TestApp['createLocation']>>;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signInStaff((await t.createStaffUser()).email);
  cellar = await t.createLocation({ name: 'Cellar Door', sortOrder: 0 });
  room = await t.createLocation({ name: 'Tasting Room', sortOrder: 1, shipsFrom: false });
});
afterAll(async () => t?.close());

const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
const staffCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, tenant = TEST_TENANT, auth = token) =>
  t.app.inject({
    method,
    url: `/v1/staff${url}`,
    headers: { tenant, authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let slugs = 0;
async function offeringBody(overrides: Record<string, unknown> = {}) {
  const melbury = await t.createWine({ name: `Melbury ${(slugs += 1)}` });
  const magnum = await t.createWine({ name: melbury.name, sizeMl: 1500 });
  return {
    wineIds: { melbury: melbury.id, magnum: magnum.id },
    body: {
      name: 'Autumn Release',
      slug: `Autumn Release ${slugs}`,
      campaignType: 'standard',
      startDate: fromNow(2 * DAY_MS),
      endDate: fromNow(30 * DAY_MS),
      metaData: { 'show-vintage-notes': true },
      letter: { title: 'Dear friends', paragraphs: ['The 2022s are in bottle.'], signature: 'Catherine Aldermoor' },
      vintageNotes: [{ title: 'Melbury 2022', paragraphs: ['Dense and dark.'] }],
      orderMinimumCents: 30_000,
      wines: [
        { wineId: melbury.id, priceCents: 19_500, stock: [{ locationId: cellar.id, quantity: 120 }, { locationId: room.id, quantity: 24 }] },
        { wineId: magnum.id, priceCents: 42_000, stock: [{ locationId: cellar.id, quantity: 12 }] },
      ],
      combinations: [{ wineId: magnum.id, requiresWineId: melbury.id, quantity: 3 }],
      ...overrides,
    },
  };
}

async function createOffering(overrides: Record<string, unknown> = {}) {
  const { body, wineIds } = await offeringBody(overrides);
  const response = await staffCall('POST', '/offerings', body);
  expect(response.statusCode).toBe(201);
  return { offering: response.json(), body, wineIds };
}

describe('POST /v1/staff/offerings', () => {
  it('creates an offering with its letter, notes, wines, stock and rules, and shows it back', async () => {
    const { body, wineIds } = await offeringBody({ campaignType: 'event-offering' });
    const response = await staffCall('POST', '/offerings', body);
    expect(response.statusCode).toBe(201);
    const offering = response.json();
    expect(offering).toMatchObject({
      name: 'Autumn Release',
      slug: `autumn-release-${slugs}`,
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
          { locationId: cellar.id, quantity: 120 },
          { locationId: room.id, quantity: 24 },
        ],
        available: 144,
        allocatedMaximum: 0,
        ordered: 0,
      }),
      expect.objectContaining({ wineId: wineIds.magnum, sizeMl: 1500, available: 12 }),
    ]);

    const again = await staffCall('GET', `/offerings/${offering.id}`);
    expect(again.json()).toEqual(offering);
    const list = (await staffCall('GET', '/offerings')).json();
    expect(list).toContainEqual(expect.objectContaining({ id: offering.id, phase: 'scheduled', wineCount: 2, allocationCount: 0 }));
  });

  it("refuses a start less than a day ahead and a start after the end, in the seed's words", async () => {
    const soon = await offeringBody({ startDate: fromNow(DAY_MS - MINUTE_MS) });
    const tooSoon = await staffCall('POST', '/offerings', soon.body);
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().errors).toEqual([
      { field: 'startDate', code: 'dateTooSoon', message: 'The date must be at least 1 day from now' },
    ]);

    const reversed = await offeringBody({ startDate: fromNow(10 * DAY_MS), endDate: fromNow(9 * DAY_MS) });
    const backwards = await staffCall('POST', '/offerings', reversed.body);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      { field: 'endDate', code: 'startAfterEnd', message: 'The start date must not fall after the end date' },
    ]);
  });

  it("answers 404 for another tenant's wine or location, naming the row, and saves nothing", async () => {
    const other = await t.createTenant();
    const theirWine = await t.createWine({ tenantId: other });
    const theirPlace = await t.createLocation({ tenantId: other });
    const { body } = await offeringBody();
    const before = (await staffCall('GET', '/offerings')).json().length;

    const wine = await staffCall('POST', '/offerings', { ...body, wines: [...body.wines, { wineId: theirWine.id, priceCents: 1 }] });
    expect(wine.statusCode).toBe(404);
    expect(wine.json()).toEqual({
      statusCode: 404,
      type: 'notFound',
      message: 'This wine does not exist',
      errors: [{ field: 'wines.2.wineId', code: 'wineNotFound', message: 'This wine does not exist' }],
    });
    const place = await staffCall('POST', '/offerings', {
      ...body,
      wines: [{ ...body.wines[0], stock: [{ locationId: theirPlace.id, quantity: 5 }] }, body.wines[1]],
    });
    expect(place.statusCode).toBe(404);
    expect(place.json().errors).toEqual([
      { field: 'wines.0.stock.0.locationId', code: 'locationNotFound', message: 'This inventory location does not exist' },
    ]);
    expect((await staffCall('GET', '/offerings')).json()).toHaveLength(before);
  });

  it('refuses a wine listed twice and a rule about a wine outside the offering', async () => {
    const { body, wineIds } = await offeringBody();
    const outsider = await t.createWine();
    const response = await staffCall('POST', '/offerings', {
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
    const { body } = await createOffering();
    const second = await offeringBody({ slug: body.slug });
    const response = await staffCall('POST', '/offerings', second.body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, type: 'conflict', message: 'Another offering already uses this slug' });
  });
});

describe('PUT /v1/staff/offerings/{offeringId}', () => {
  it('replaces content, prices and stock; a wine left out leaves the offering with its rules', async () => {
    const { offering, body, wineIds } = await createOffering();
    const response = await staffCall('PUT', `/offerings/${offering.id}`, {
      ...body,
      name: 'Autumn Release, revised',
      campaignType: 'fl-onboarding',
      letter: { ...body.letter, paragraphs: ['A new first paragraph.', 'And a second.'] },
      wines: [{ wineId: wineIds.melbury, priceCents: 21_000, stock: [{ locationId: room.id, quantity: 6 }] }],
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
        stock: [{ locationId: room.id, quantity: 6 }],
        available: 6,
      }),
    ]);
  });

  it('lets a scheduled offering keep a start less than a day away, but a new start must be a day ahead', async () => {
    const { offering, body } = await createOffering({ startDate: fromNow(DAY_MS + MINUTE_MS) });
    // Time passes: the stored start is now less than a day away; saving other changes still works.
    const kept = await staffCall('PUT', `/offerings/${offering.id}`, { ...body, startDate: offering.startDate, name: 'Renamed' });
    expect(kept.statusCode).toBe(200);
    const moved = await staffCall('PUT', `/offerings/${offering.id}`, { ...body, startDate: fromNow(12 * 60 * MINUTE_MS) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([
      { field: 'startDate', code: 'dateTooSoon', message: 'The date must be at least 1 day from now' },
    ]);
  });

  it('keeps the start of an offering that has started, and lets its end move but not into the past', async () => {
    const started = await t.createOffering({ startDate: new Date(Date.now() - 5 * DAY_MS), endDate: new Date(Date.now() + 5 * DAY_MS) });
    const { body } = await offeringBody();
    const common = { ...body, slug: started.slug, startDate: started.startDate.toISOString() };

    const longer = await staffCall('PUT', `/offerings/${started.id}`, { ...common, endDate: fromNow(20 * DAY_MS) });
    expect(longer.statusCode).toBe(200);
    expect(longer.json()).toMatchObject({ phase: 'open', startDate: started.startDate.toISOString() });

    const moved = await staffCall('PUT', `/offerings/${started.id}`, { ...common, startDate: fromNow(3 * DAY_MS), endDate: fromNow(20 * DAY_MS) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([
      { field: 'startDate', code: 'startDateLocked', message: 'The offering has started: its start date can no longer change' },
    ]);
    const past = await staffCall('PUT', `/offerings/${started.id}`, { ...common, endDate: fromNow(-MINUTE_MS) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'endDate', code: 'endDateInPast', message: 'The end date must not be in the past' }]);
  });

  it('will not take out a wine that has been ordered', async () => {
    const { offering, body, wineIds } = await createOffering();
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
    const response = await staffCall('PUT', `/offerings/${offering.id}`, {
      ...body,
      wines: [body.wines[0]],
      combinations: [],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A wine that members have ordered cannot be taken out of the offering');
    const unchanged = (await staffCall('GET', `/offerings/${offering.id}`)).json();
    expect(unchanged.wines.map((w: { wineId: string }) => w.wineId)).toEqual([wineIds.melbury, wineIds.magnum]);
    expect(unchanged.wines[1].ordered).toBe(1);
    expect(unchanged.allocations).toMatchObject({ count: 1, ordered: 1 });
    const [invited] = (await staffCall('GET', `/offerings/${offering.id}/allocations`)).json();
    expect(invited).toMatchObject({ customerId: member.id, hasOrdered: true });
  });
});

describe("another tenant's offering", () => {
  it('answers 404 on every offering route', async () => {
    const other = await t.createTenant();
    const theirs = await t.createOffering({ tenantId: other });
    const { body } = await offeringBody();
    const calls = [
      staffCall('GET', `/offerings/${theirs.id}`),
      staffCall('PUT', `/offerings/${theirs.id}`, body),
      staffCall('GET', `/offerings/${theirs.id}/allocations`),
      staffCall('PUT', `/offerings/${theirs.id}/allocations`, [{ email: 'a@example.com', lines: [] }]),
      staffCall('GET', `/offerings/${theirs.id}/wishes`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This offering does not exist' });
    }
  });
});

describe('PUT /v1/staff/offerings/{offeringId}/allocations', () => {
  it('invites members by e-mail or id, sets their lines, and changes them on a second call', async () => {
    const { offering, wineIds } = await createOffering();
    const eleanor = await t.createCustomer({ email: 'eleanor.assign@example.com', lastName: 'Whitcombe' });
    const james = await t.createCustomer({ lastName: 'Okafor' });
    const first = await staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      {
        email: 'Eleanor.Assign@example.com',
        orderMinimumCents: 50_000,
        metaData: { 'skip-letter': true },
        lines: [
          { wineId: wineIds.melbury, minimum: 2, maximum: 6 },
          { wineId: wineIds.magnum, maximum: 1 },
        ],
      },
      { customerId: james.id, lines: [{ wineId: wineIds.melbury, maximum: 12 }] },
    ]);
    expect(first.statusCode).toBe(200);
    const [forEleanor, forJames] = first.json();
    expect(forEleanor).toMatchObject({
      customerId: eleanor.id,
      email: 'eleanor.assign@example.com',
      orderMinimumCents: 50_000,
      metaData: { 'skip-letter': true },
      hasOrdered: false,
      lines: [
        { wineId: wineIds.melbury, minimum: 2, maximum: 6 },
        { wineId: wineIds.magnum, minimum: 0, maximum: 1 },
      ],
    });
    expect(forJames).toMatchObject({ customerId: james.id, orderMinimumCents: null, lines: [{ wineId: wineIds.melbury, minimum: 0, maximum: 12 }] });

    const second = await staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: eleanor.id, orderMinimumCents: null, lines: [{ wineId: wineIds.magnum, minimum: 1, maximum: 2 }] },
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json()[0]).toMatchObject({
      id: forEleanor.id,
      orderMinimumCents: null,
      // Left out of the call: kept as it was.
      metaData: { 'skip-letter': true },
      lines: [{ wineId: wineIds.magnum, minimum: 1, maximum: 2 }],
    });

    const all = (await staffCall('GET', `/offerings/${offering.id}/allocations`)).json();
    expect(all.map((a: { lastName: string }) => a.lastName)).toEqual(['Okafor', 'Whitcombe']);
    const detail = (await staffCall('GET', `/offerings/${offering.id}`)).json();
    expect(detail.allocations.count).toBe(2);
    expect(detail.wines[0]).toMatchObject({ allocatedMinimum: 0, allocatedMaximum: 12 });
    expect(detail.wines[1]).toMatchObject({ allocatedMinimum: 1, allocatedMaximum: 2 });
  });

  it('changes nothing when one member is unknown, naming the item', async () => {
    const { offering, wineIds } = await createOffering();
    const known = await t.createCustomer();
    const other = await t.createTenant();
    const stranger = await t.createCustomer({ tenantId: other });
    const response = await staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: known.id, lines: [{ wineId: wineIds.melbury, maximum: 3 }] },
      { email: 'nobody@example.com', lines: [] },
      { customerId: stranger.id, lines: [] },
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      type: 'notFound',
      message: 'This customer does not exist',
      errors: [
        { field: '1.email', code: 'customerNotFound', message: 'This customer does not exist' },
        { field: '2.customerId', code: 'customerNotFound', message: 'This customer does not exist' },
      ],
    });
    expect(await t.db.select().from(allocations).where(eq(allocations.offeringId, offering.id))).toEqual([]);
  });

  it('changes nothing when a wine is not in the offering or a minimum is above its maximum', async () => {
    const { offering, wineIds } = await createOffering();
    const a = await t.createCustomer();
    const b = await t.createCustomer();
    const outsider = await t.createWine();
    const response = await staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: a.id, lines: [{ wineId: wineIds.melbury, maximum: 3 }] },
      { customerId: b.id, lines: [{ wineId: outsider.id, maximum: 3 }] },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: '1.lines.0.wineId', code: 'wineNotInOffering', message: 'This wine is not part of the offering' },
    ]);
    const limits = await staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: a.id, lines: [{ wineId: wineIds.melbury, minimum: 4, maximum: 3 }] },
    ]);
    expect(limits.statusCode).toBe(400);
    expect(limits.json().errors).toEqual([{ field: '0.lines.0.minimum', code: 'invalidQuantity', message: 'Invalid quantity' }]);
    expect(await t.db.select().from(allocations).where(eq(allocations.offeringId, offering.id))).toEqual([]);
  });

  it('refuses the same member twice in one call', async () => {
    const { offering } = await createOffering();
    const a = await t.createCustomer();
    const response = await staffCall('PUT', `/offerings/${offering.id}/allocations`, [
      { customerId: a.id, lines: [] },
      { email: a.email, lines: [] },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: '1.email', code: 'duplicateMember', message: 'This member is listed twice' }]);
  });
});

describe('wishes', () => {
  async function memberWithWish(quantity = 4) {
    const offering = await t.createOffering();
    const wine = await t.createOfferingWine({ offeringId: offering.id, stock: [{ locationId: cellar.id, quantity: 50 }] });
    const customer = await t.createCustomer();
    const allocation = await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
    await t.createAllocationLine({ allocationId: allocation.id, offeringWineId: wine.id, minimum: 1, maximum: 3 });
    const memberToken = await t.signIn(customer.email);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/v1/${TEST_TENANT}/customer/${customer.id}/allocation/${allocation.id}/wish`,
      headers: { tenant: TEST_TENANT, authorization: memberToken },
      payload: { wineId: wine.id, quantity },
    });
    expect(asked.statusCode).toBe(201);
    const [wish] = await t.db.select().from(wishes).where(eq(wishes.allocationId, allocation.id));
    const seen = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/${TEST_TENANT}/customer/${customer.id}/allocation/${allocation.id}/offering`,
          headers: { tenant: TEST_TENANT, authorization: memberToken },
        })
      ).json().wines[0];
    return { offering, wine, customer, allocation, wish: wish!, seen };
  }

  it('lists the waiting wishes of an offering with the member and the current maximum', async () => {
    const { offering, wine, customer, wish } = await memberWithWish(4);
    const response = await staffCall('GET', `/offerings/${offering.id}/wishes`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        id: wish.id,
        customerId: customer.id,
        email: customer.email,
        wineId: wine.wineId,
        quantity: 4,
        status: 'requested',
        maximum: 3,
        decidedAt: null,
      }),
    ]);
    expect((await staffCall('GET', `/offerings/${offering.id}`)).json().allocations.wishesRequested).toBe(1);
  });

  it("granting raises the member's maximum by the bottles asked for, once", async () => {
    const { wish, seen } = await memberWithWish(4);
    expect(await seen()).toMatchObject({ maximum: 3, wish: { quantity: 4, status: 'requested' } });
    const granted = await staffCall('POST', `/wishes/${wish.id}/grant`);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: wish.id, status: 'granted', maximum: 7 });
    expect(granted.json().decidedAt).not.toBeNull();
    expect(await seen()).toMatchObject({ minimum: 1, maximum: 7, wish: { quantity: 4, status: 'granted' } });

    const twice = await staffCall('POST', `/wishes/${wish.id}/grant`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ statusCode: 409, type: 'conflict', message: 'This request has already been answered' });
    const [line] = await t.db.select().from(allocationLines).where(eq(allocationLines.allocationId, wish.allocationId));
    expect(line!.maximum).toBe(7);
  });

  it('declining leaves the limits as they were', async () => {
    const { wish, seen } = await memberWithWish(2);
    const declined = await staffCall('POST', `/wishes/${wish.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', maximum: 3 });
    expect(await seen()).toMatchObject({ maximum: 3, wish: { quantity: 2, status: 'declined' } });
    expect((await staffCall('POST', `/wishes/${wish.id}/grant`)).statusCode).toBe(409);
  });

  it("answers 404 for an unknown wish and for another tenant's staff", async () => {
    const { wish } = await memberWithWish();
    expect((await staffCall('POST', `/wishes/${t.newId()}/grant`)).statusCode).toBe(404);
    const other = await t.createTenant();
    const theirStaff = await t.createStaffUser({ tenantId: other });
    const theirToken = await t.signInStaff(theirStaff.email, undefined, other);
    const response = await staffCall('POST', `/wishes/${wish.id}/grant`, undefined, other, theirToken);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This request does not exist');
  });
});
