import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationLines, allocations, bottles, offerings, stock } from '../db/schema/index.js';
import { createOrderingFixtures, ignoreDroppedConnections, type OrderingFixtures } from '../testing/ordering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../testing/test-app.js';
import { DAY_MS } from '@winery/domain';

/**
 * The standing suite for issue 11, finding 7: the staff API's writes, each sent N times AT ONCE.
 * Identical requests all get the answer one of them gets alone (never a 500 from a duplicate key,
 * a deadlock or a serialization failure), and the end state is one request applied whole. Runs on
 * PGlite, and on the PostgreSQL server when DATABASE_URL is set (where requests really overlap).
 */

const N = 10;

let t: TestApp;
let f: OrderingFixtures;
let token: string;
let cellar: Awaited<ReturnType<TestApp['createLocation']>>;
let room: Awaited<ReturnType<TestApp['createLocation']>>;

beforeAll(async () => {
  t = await createTestApp({ globalRateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  f = await createOrderingFixtures(t);
  cellar = f.cellar;
  room = f.room;
  token = await t.signInStaff((await t.createStaffUser()).email);
});
afterAll(async () => {
  ignoreDroppedConnections(t);
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const staffCall = (method: Method, url: string, payload?: unknown, auth = token, tenant = TEST_TENANT) =>
  t.app.inject({
    method,
    url: `/v1/staff${url}`,
    headers: { tenant, authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const atOnce = <T>(n: number, send: (index: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, index) => send(index)));

/** Every answer is one the API documents, in the error shape when it is an error: never a 5xx. */
function expectAnswers(responses: Array<{ statusCode: number; json: () => unknown }>, allowed: number[]) {
  for (const response of responses) {
    expect(allowed, `unexpected ${response.statusCode}: ${JSON.stringify(response.json())}`).toContain(response.statusCode);
    if (response.statusCode >= 400) {
      expect(response.json()).toEqual(expect.objectContaining({ statusCode: response.statusCode, type: expect.any(String), message: expect.any(String) }));
    }
  }
}

const count = (responses: Array<{ statusCode: number }>, status: number) => responses.filter((response) => response.statusCode === status).length;

describe(`PUT /v1/staff/offerings/{offeringId}/allocations, ${N} at once`, () => {
  async function setting() {
    const offering = await t.createOffering({ startDate: new Date(Date.now() + 3 * DAY_MS), endDate: new Date(Date.now() + 30 * DAY_MS) });
    const quella = await t.createOfferingWine({ offeringId: offering.id, sortOrder: 0 });
    const vecina = await t.createOfferingWine({ offeringId: offering.id, sortOrder: 1 });
    const members = await Promise.all([t.createCustomer(), t.createCustomer(), t.createCustomer()]);
    return { offering, quella, vecina, members };
  }

  /** The members' lines as the database holds them: allocation's customer → wine → [min, max]. */
  async function storedLines(offeringId: string) {
    const rows = await t.db
      .select({ customerId: allocations.customerId, wineId: allocationLines.offeringWineId, minimum: allocationLines.minimum, maximum: allocationLines.maximum })
      .from(allocations)
      .leftJoin(allocationLines, eq(allocationLines.allocationId, allocations.id))
      .where(eq(allocations.offeringId, offeringId));
    const out: Record<string, Record<string, [number, number]>> = {};
    for (const row of rows) {
      out[row.customerId] ??= {};
      if (row.wineId) out[row.customerId]![row.wineId] = [row.minimum!, row.maximum!];
    }
    return out;
  }

  it('identical assignments of new members all answer 200 with the same allocations, each made once', async () => {
    const { offering, quella, vecina, members } = await setting();
    const [ada, ben, cy] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const body = [
      { customerId: ada.id, lines: [{ wineId: quella.wineId, minimum: 1, maximum: 4 }, { wineId: vecina.wineId, minimum: 0, maximum: 6 }] },
      { email: ben.email.toUpperCase(), lines: [{ wineId: quella.wineId, minimum: 0, maximum: 2 }] },
      { customerId: cy.id, orderMinimumCents: 20_000, metaData: { 'show-vintage-notes': true }, lines: [{ wineId: vecina.wineId, minimum: 2, maximum: 3 }] },
    ];
    const responses = await atOnce(N, () => staffCall('PUT', `/offerings/${offering.id}/allocations`, body));
    expectAnswers(responses, [200]);
    const first = responses[0]!.json() as Array<{ id: string; customerId: string }>;
    expect(first.map((row) => row.customerId)).toEqual([ada.id, ben.id, cy.id]);
    for (const response of responses) expect(response.json()).toEqual(first);

    const rows = await t.db.select().from(allocations).where(eq(allocations.offeringId, offering.id));
    expect(rows.map((row) => row.id).sort()).toEqual(first.map((row) => row.id).sort());
    expect(await storedLines(offering.id)).toEqual({
      [ada.id]: { [quella.id]: [1, 4], [vecina.id]: [0, 6] },
      [ben.id]: { [quella.id]: [0, 2] },
      [cy.id]: { [vecina.id]: [2, 3] },
    });
    expect(rows.find((row) => row.customerId === cy.id)).toMatchObject({ orderMinimumCents: 20_000, metaData: { 'show-vintage-notes': true } });

    // The same members again, with lines added, changed and taken away: again every answer is 200.
    const again = [
      { customerId: ada.id, lines: [{ wineId: vecina.wineId, minimum: 1, maximum: 5 }] },
      { customerId: ben.id, lines: [{ wineId: quella.wineId, minimum: 0, maximum: 3 }, { wineId: vecina.wineId, minimum: 0, maximum: 1 }] },
      { customerId: cy.id, orderMinimumCents: null, lines: [] },
    ];
    const changed = await atOnce(N, () => staffCall('PUT', `/offerings/${offering.id}/allocations`, again));
    expectAnswers(changed, [200]);
    for (const response of changed) expect(response.json()).toEqual(changed[0]!.json());
    expect(await storedLines(offering.id)).toEqual({
      [ada.id]: { [vecina.id]: [1, 5] },
      [ben.id]: { [quella.id]: [0, 3], [vecina.id]: [0, 1] },
      [cy.id]: {},
    });
  });

  it('different assignments of the same members all answer 200, each with its own lines, and one of them is what stays', async () => {
    const { offering, quella, vecina, members } = await setting();
    // Request k gives every member the maximum k+1; the even ones list both wines, the odd ones only Quella.
    const bodyOf = (k: number) =>
      members.map((member) => ({
        customerId: member.id,
        lines: [{ wineId: quella.wineId, minimum: 0, maximum: k + 1 }, ...(k % 2 === 0 ? [{ wineId: vecina.wineId, minimum: 1, maximum: k + 1 }] : [])],
      }));
    const expectedOf = (k: number) =>
      Object.fromEntries(
        members.map((member) => [member.id, { [quella.id]: [0, k + 1], ...(k % 2 === 0 ? { [vecina.id]: [1, k + 1] } : {}) }]),
      );
    const linesOf = (answer: Array<{ customerId: string; lines: Array<{ wineId: string; minimum: number; maximum: number }> }>) =>
      Object.fromEntries(
        answer.map((row) => [
          row.customerId,
          Object.fromEntries(row.lines.map((line) => [line.wineId === quella.wineId ? quella.id : vecina.id, [line.minimum, line.maximum]])),
        ]),
      );

    const responses = await atOnce(N, (k) => staffCall('PUT', `/offerings/${offering.id}/allocations`, bodyOf(k)));
    expectAnswers(responses, [200]);
    // Each answer shows its own request applied whole, not a mix with another one's.
    responses.forEach((response, k) => expect(linesOf(response.json())).toEqual(expectedOf(k)));
    const final = await storedLines(offering.id);
    const winners = Array.from({ length: N }, (_, k) => k).filter((k) => JSON.stringify(final) === JSON.stringify(expectedOf(k)));
    expect(winners, `the stored lines are no single request's: ${JSON.stringify(final)}`).toHaveLength(1);
  });
});

describe(`PUT /v1/staff/offerings/{offeringId}, ${N} at once`, () => {
  it('identical edits of wines, prices and stock all answer 200 with the same offering', async () => {
    const [melbury, quella, vecina] = await Promise.all([t.createWine(), t.createWine(), t.createWine()]);
    const base = {
      name: 'Spring Release',
      slug: `spring-${t.newId().slice(0, 8)}`,
      campaignType: 'standard',
      startDate: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      endDate: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      metaData: {},
      letter: { title: 'Dear friends', paragraphs: ['The 2023s are here.'], signature: 'The Estate' },
      vintageNotes: [],
      orderMinimumCents: 0,
      combinations: [],
    };
    const created = await staffCall('POST', '/offerings', {
      ...base,
      wines: [
        { wineId: melbury.id, priceCents: 10_000, stock: [{ locationId: cellar.id, quantity: 50 }, { locationId: room.id, quantity: 5 }] },
        { wineId: quella.id, priceCents: 8_000, stock: [{ locationId: cellar.id, quantity: 40 }] },
      ],
    });
    expect(created.statusCode).toBe(201);
    const offeringId = created.json().id as string;
    // Melbury leaves the room, Quella leaves the offering, Vecina comes in, listed first.
    const edit = {
      ...base,
      wines: [
        { wineId: vecina.id, priceCents: 6_000, stock: [{ locationId: room.id, quantity: 12 }, { locationId: cellar.id, quantity: 30 }] },
        { wineId: melbury.id, priceCents: 11_000, stock: [{ locationId: cellar.id, quantity: 45 }] },
      ],
      combinations: [{ wineId: vecina.id, requiresWineId: melbury.id, quantity: 1 }],
    };
    const responses = await atOnce(N, () => staffCall('PUT', `/offerings/${offeringId}`, edit));
    expectAnswers(responses, [200]);
    const detail = (await staffCall('GET', `/offerings/${offeringId}`)).json();
    for (const response of responses) expect(response.json()).toEqual(detail);
    expect(detail.wines.map((wine: { wineId: string; priceCents: number; stock: unknown }) => [wine.wineId, wine.priceCents, wine.stock])).toEqual([
      [vecina.id, 6_000, [{ locationId: cellar.id, quantity: 30 }, { locationId: room.id, quantity: 12 }]],
      [melbury.id, 11_000, [{ locationId: cellar.id, quantity: 45 }]],
    ]);
    expect(detail.combinations).toEqual(edit.combinations);
  });

  it('identical creations make one offering: one 201, the others 409 for the slug', async () => {
    const wine = await t.createWine();
    const body = {
      name: 'Autumn Release',
      slug: `autumn-${t.newId().slice(0, 8)}`,
      campaignType: 'standard',
      startDate: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      endDate: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      metaData: {},
      letter: { title: 'Dear friends', paragraphs: ['Autumn.'], signature: 'The Estate' },
      vintageNotes: [],
      orderMinimumCents: 0,
      wines: [{ wineId: wine.id, priceCents: 9_000, stock: [{ locationId: cellar.id, quantity: 10 }] }],
      combinations: [],
    };
    const responses = await atOnce(N, () => staffCall('POST', '/offerings', body));
    expectAnswers(responses, [201, 409]);
    expect(count(responses, 201)).toBe(1);
    const conflicts = responses.filter((response) => response.statusCode === 409);
    for (const response of conflicts) expect(response.json()).toEqual(conflicts[0]!.json());
    expect(await t.db.select().from(offerings).where(eq(offerings.slug, body.slug))).toHaveLength(1);
  });

  it('edits of an open offering while members order it: no deadlock, stock never below zero, every answer documented', async () => {
    const { offering, wines } = await f.createOpenOffering({ wines: [{ stock: 200 }, { stock: 200 }, { stock: 200 }] });
    const buyers = await Promise.all(
      Array.from({ length: 8 }, () => f.createMember(offering.id, Object.fromEntries(wines.map((wine) => [wine.id, { maximum: 3 }])))),
    );
    const carts = await Promise.all(
      buyers.map(async (buyer) => {
        const response = await t.app.inject({
          method: 'PUT',
          url: `/v1/${TEST_TENANT}/customer/${buyer.customer.id}/cart`,
          headers: { tenant: TEST_TENANT, authorization: buyer.token },
          payload: { allocationId: buyer.allocation.id, lines: wines.map((wine) => ({ wineId: wine.id, quantity: 2 })) },
        });
        expect(response.statusCode).toBe(200);
        return response.json().id as string;
      }),
    );
    const current = (await staffCall('GET', `/offerings/${offering.id}`)).json();
    // Orders take stock rows in wine-id order; the edit lists the wines the other way round.
    const edit = {
      name: current.name,
      slug: current.slug,
      campaignType: current.campaignType,
      startDate: current.startDate,
      endDate: current.endDate,
      metaData: current.metaData,
      letter: current.letter,
      vintageNotes: current.vintageNotes,
      orderMinimumCents: current.orderMinimumCents,
      combinations: [],
      wines: [...wines]
        .sort((a, b) => (a.id < b.id ? 1 : -1))
        .map((wine) => ({ wineId: wine.wineId, priceCents: wine.priceCents, stock: [{ locationId: room.id, quantity: 7 }, { locationId: cellar.id, quantity: 150 }] })),
    };
    const [ordersPlaced, edits] = await Promise.all([
      Promise.all(
        buyers.map((buyer, index) =>
          t.app.inject({
            method: 'POST',
            url: `/v1/${TEST_TENANT}/customer/${buyer.customer.id}/order`,
            headers: { tenant: TEST_TENANT, authorization: buyer.token },
            payload: {
              cartId: carts[index],
              delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: buyer.address.id },
              billingAddressId: buyer.address.id,
              payment: { cardId: buyer.card.id },
              idempotencyKey: f.newKey(),
            },
          }),
        ),
      ),
      atOnce(4, () => staffCall('PUT', `/offerings/${offering.id}`, edit)),
    ]);
    expectAnswers(edits, [200]);
    // The total may change between the quote and the order when an edit lands in between: never a 500.
    expectAnswers(ordersPlaced, [201]);
    const rows = await t.db.select().from(stock).where(inArray(stock.offeringWineId, wines.map((wine) => wine.id)));
    for (const row of rows) expect(row.quantity).toBeGreaterThanOrEqual(0);
  });
});

describe(`PUT /v1/staff/rates, ${N} at once`, () => {
  let ratesToken: string;
  const tenant = `rates-${Date.now().toString(36)}`;
  beforeAll(async () => {
    await t.createTenant(tenant);
    ratesToken = await t.signInStaff((await t.createStaffUser({ tenantId: tenant })).email, undefined, tenant);
  });
  const tablesOf = (k: number) => ({
    taxRates: [
      { countryCode: 'US', rateBasisPoints: 600 + k },
      { countryCode: 'US', stateCode: 'CA', rateBasisPoints: 725 + k },
    ],
    shippingRates: [
      { countryCode: 'US', minBottles: 1, maxBottles: 6, priceCents: 4_500 + k },
      { countryCode: 'US', minBottles: 7, maxBottles: null, priceCents: 7_500 + k },
    ],
    restrictions: [{ countryCode: 'US', stateCode: 'UT', name: `Utah ${k}` }],
    notices: [{ countryCode: 'GB', text: `Notice ${k}` }],
  });
  const put = (body: unknown) => staffCall('PUT', '/rates', body, ratesToken, tenant);
  const read = async () => (await staffCall('GET', '/rates', undefined, ratesToken, tenant)).json();

  it('identical replacements all answer 200 and leave each row once', async () => {
    const responses = await atOnce(N, () => put(tablesOf(0)));
    expectAnswers(responses, [200]);
    const stored = await read();
    for (const response of responses) expect(response.json()).toEqual(stored);
    expect(stored.taxRates).toHaveLength(2);
    expect(stored.shippingRates).toHaveLength(2);
    expect(stored.restrictions).toEqual([{ countryCode: 'US', stateCode: 'UT', name: 'Utah 0' }]);
    expect(stored.notices).toEqual([{ countryCode: 'GB', text: 'Notice 0' }]);
  });

  it('different replacements all answer 200 with their own tables, and one of them whole is what stays', async () => {
    const responses = await atOnce(N, (k) => put(tablesOf(k + 1)));
    expectAnswers(responses, [200]);
    responses.forEach((response, k) => expect(response.json().notices).toEqual([{ countryCode: 'GB', text: `Notice ${k + 1}` }]));
    const stored = await read();
    const winner = responses.findIndex((response) => JSON.stringify(response.json()) === JSON.stringify(stored));
    expect(winner, `the stored tables are no single request's: ${JSON.stringify(stored)}`).toBeGreaterThanOrEqual(0);
    expect(stored.taxRates.map((row: { rateBasisPoints: number }) => row.rateBasisPoints)).toEqual([601 + winner, 726 + winner]);
  });
});

describe(`POST /v1/staff/wishes/{wishId}/grant, ${N} at once`, () => {
  it('the maximum rises once; the repeats answer the same, changing nothing', async () => {
    const offering = await t.createOffering();
    const wine = await t.createOfferingWine({ offeringId: offering.id, stock: [{ locationId: cellar.id, quantity: 50 }] });
    const customer = await t.createCustomer();
    const allocation = await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
    await t.createAllocationLine({ allocationId: allocation.id, offeringWineId: wine.id, maximum: 3 });
    const memberToken = await t.signIn(customer.email);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/v1/${TEST_TENANT}/customer/${customer.id}/allocation/${allocation.id}/wish`,
      headers: { tenant: TEST_TENANT, authorization: memberToken },
      payload: { wineId: wine.id, quantity: 4 },
    });
    expect(asked.statusCode).toBe(201);
    const wishes = (await staffCall('GET', `/offerings/${offering.id}/wishes`)).json().items;
    const responses = await atOnce(N, () => staffCall('POST', `/wishes/${wishes[0].id}/grant`));
    expectAnswers(responses, [200]);
    expect(new Set(responses.map((response) => JSON.stringify(response.json())))).toHaveProperty('size', 1);
    const [line] = await t.db.select().from(allocationLines).where(eq(allocationLines.allocationId, allocation.id));
    expect(line!.maximum).toBe(7);
  });
});

describe(`POST /v1/staff/bottles/import, ${N} at once`, () => {
  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);
  const registered = (bottleIds: string[]) =>
    t.db.select({ bottleId: bottles.bottleId }).from(bottles).where(and(eq(bottles.tenantId, TEST_TENANT), inArray(bottles.bottleId, bottleIds)));
  const importCsv = (csv: string) => staffCall('POST', '/bottles/import', { csv });

  it('identical files register each bottle once: one 201, the others refused without a 500', async () => {
    const wine = await t.createWine();
    const bottleIds = ids('CCCC', 60);
    const csv = ['bottle_id,wine_id,bottle_number', ...bottleIds.map((id, i) => `${id},${wine.id},${i + 1}`)].join('\n');
    const responses = await atOnce(N, () => importCsv(csv));
    expectAnswers(responses, [201, 400, 409]);
    expect(count(responses, 201)).toBe(1);
    expect(responses.find((response) => response.statusCode === 201)!.json()).toEqual({ imported: 60 });
    expect(await registered(bottleIds)).toHaveLength(60);
  });

  it('files that share bottles in different orders do not deadlock: one 201, the others refused without a 500', async () => {
    const wine = await t.createWine();
    const shared = ids('DDDD', 80);
    // Each file lists the shared bottles rotated differently, so inserts meet each other crosswise.
    const files = Array.from({ length: N }, (_, k) => {
      const rotated = [...shared.slice(k * 8), ...shared.slice(0, k * 8)];
      return ['bottle_id,wine_id,bottle_number', ...rotated.map((id) => `${id},${wine.id},${shared.indexOf(id) + 1}`)].join('\n');
    });
    const responses = await atOnce(N, (k) => importCsv(files[k]!));
    expectAnswers(responses, [201, 400, 409]);
    expect(count(responses, 201)).toBe(1);
    expect(await registered(shared)).toHaveLength(80);
  });

  it('different bottles given the same numbers at once: each number goes to one bottle only, without a 500', async () => {
    const wine = await t.createWine();
    // Every file has its own bottle IDs but claims numbers 1-40 of the same wine.
    const files = Array.from({ length: N }, (_, k) => ids(`E${String(k).padStart(3, '0')}`, 40));
    const csv = (bottleIds: string[]) => ['bottle_id,wine_id,bottle_number', ...bottleIds.map((id, i) => `${id},${wine.id},${i + 1}`)].join('\n');
    const responses = await atOnce(N, (k) => importCsv(csv(files[k]!)));
    expectAnswers(responses, [201, 400, 409]);
    expect(count(responses, 201)).toBe(1);
    const numbers = await t.db.select({ n: bottles.bottleNumber }).from(bottles).where(eq(bottles.wineId, wine.id));
    expect(numbers).toHaveLength(40);
    expect(new Set(numbers.map((row) => row.n)).size).toBe(40);
  });
});
