import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, taxRates } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signInStaff((await t.createStaffUser()).email);
});
afterAll(async () => t?.close());

const put = (payload: unknown, tenant = TEST_TENANT, auth = token) =>
  t.app.inject({ method: 'PUT', url: '/v1/staff/rates', headers: { tenant, authorization: auth }, payload: payload as Record<string, unknown> });
const get = (tenant = TEST_TENANT, auth = token) =>
  t.app.inject({ method: 'GET', url: '/v1/staff/rates', headers: { tenant, authorization: auth } });

const TABLES = {
  taxRates: [
    { countryCode: 'US', stateCode: 'ny', rateBasisPoints: 888 },
    { countryCode: 'US', rateBasisPoints: 600 },
    { countryCode: 'GB', rateBasisPoints: 2_000, includesDuties: true },
  ],
  shippingRates: [
    { countryCode: 'US', minBottles: 7, maxBottles: 12, priceCents: 6_500 },
    { countryCode: 'US', minBottles: 1, maxBottles: 6, priceCents: 4_500 },
    { countryCode: 'US', minBottles: 13, maxBottles: null, priceCents: 8_500 },
    { countryCode: 'GB', minBottles: 1, maxBottles: null, priceCents: 18_000, includesDuties: true },
  ],
  restrictions: [
    { countryCode: 'US', stateCode: 'UT', name: 'Utah' },
    { countryCode: 'NO', name: 'Norway' },
  ],
  notices: [{ countryCode: 'CA', text: 'Shipping charges for Canada are collected by the carrier on delivery.' }],
};

describe('PUT /v1/staff/rates', () => {
  it('replaces the four tables and answers them in order: country row first, bands by size', async () => {
    const response = await put(TABLES);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.taxRates).toEqual([
      { countryCode: 'GB', stateCode: null, rateBasisPoints: 2_000, includesDuties: true },
      { countryCode: 'US', stateCode: null, rateBasisPoints: 600, includesDuties: false },
      { countryCode: 'US', stateCode: 'NY', rateBasisPoints: 888, includesDuties: false },
    ]);
    expect(body.shippingRates.filter((r: { countryCode: string }) => r.countryCode === 'US').map((r: { minBottles: number }) => r.minBottles)).toEqual([1, 7, 13]);
    expect(body.restrictions).toEqual([
      { countryCode: 'NO', stateCode: null, name: 'Norway' },
      { countryCode: 'US', stateCode: 'UT', name: 'Utah' },
    ]);
    expect(body.notices).toEqual(TABLES.notices);
    expect((await get()).json()).toEqual(body);

    const smaller = await put({ taxRates: [{ countryCode: 'US', rateBasisPoints: 500 }], shippingRates: [], restrictions: [], notices: [] });
    expect(smaller.json()).toEqual({
      taxRates: [{ countryCode: 'US', stateCode: null, rateBasisPoints: 500, includesDuties: false }],
      shippingRates: [],
      restrictions: [],
      notices: [],
    });
  });

  it('refuses a destination listed twice and overlapping bands, naming the row, and keeps the old tables', async () => {
    await put(TABLES);
    const response = await put({
      ...TABLES,
      taxRates: [...TABLES.taxRates, { countryCode: 'US', stateCode: 'NY', rateBasisPoints: 400 }],
      shippingRates: [...TABLES.shippingRates, { countryCode: 'US', minBottles: 12, maxBottles: 14, priceCents: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'taxRates.3.countryCode', code: 'duplicateDestination', message: 'This destination is listed twice' },
      { field: 'shippingRates.4.minBottles', code: 'overlappingBand', message: 'This bottle band overlaps another band for the same destination' },
    ]);
    expect((await get()).json().taxRates).toHaveLength(3);
  });

  it('refuses an unknown state and a rate above 100 %', async () => {
    const response = await put({ ...TABLES, taxRates: [{ countryCode: 'US', stateCode: 'ZZ', rateBasisPoints: 10_001 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'taxRates.0.stateCode', code: 'stateInvalid', message: 'Please choose a state from the list' },
        { field: 'taxRates.0.rateBasisPoints', code: 'invalidType', message: 'Invalid type' },
      ]),
    );
  });

  it('names the row and field of every bad value in every table, and records an accepted replacement in the audit trail', async () => {
    const response = await put({
      taxRates: [...TABLES.taxRates, { countryCode: 'FR', rateBasisPoints: -1 }],
      shippingRates: [
        TABLES.shippingRates[0],
        { countryCode: 'US', minBottles: 8, maxBottles: 7, priceCents: 100 },
        { countryCode: 'GB', minBottles: 1, maxBottles: null, priceCents: 1.5 },
      ],
      restrictions: [TABLES.restrictions[0], { countryCode: 'NO', name: '' }],
      notices: [{ countryCode: 'XX', text: 'Bad\u0000text' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, type: 'validationError' });
    expect(response.json().errors.map((error: { field: string; code: string }) => `${error.field} ${error.code}`).sort()).toEqual([
      'notices.0.countryCode countryRequired',
      'notices.0.text charactersNotAllowed',
      'restrictions.1.name required',
      'shippingRates.1.maxBottles invalidQuantity',
      'shippingRates.2.priceCents invalidType',
      'taxRates.3.rateBasisPoints invalidType',
    ]);

    const accepted = await put(TABLES);
    expect(accepted.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, TEST_TENANT), eq(auditLog.action, 'rates.replace')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ entityType: 'rates', entityId: TEST_TENANT, after: accepted.json() });
    expect(entry!.staffUserId).not.toBeNull();
  });

  it("touches only the caller's tenant", async () => {
    const other = await t.createTenant();
    await t.db.insert(taxRates).values({ tenantId: other, countryCode: 'US', rateBasisPoints: 100 });
    await put(TABLES);
    const theirs = await t.db.select().from(taxRates);
    expect(theirs.filter((row) => row.tenantId === other)).toHaveLength(1);
    const otherStaff = await t.createStaffUser({ tenantId: other });
    const otherToken = await t.signInStaff(otherStaff.email, undefined, other);
    expect((await get(other, otherToken)).json().taxRates).toEqual([
      { countryCode: 'US', stateCode: null, rateBasisPoints: 100, includesDuties: false },
    ]);
  });

  it('answers 401 without a staff token', async () => {
    const member = await t.createCustomer();
    expect((await get(TEST_TENANT, await t.signIn(member.email))).statusCode).toBe(401);
    expect((await put(TABLES, TEST_TENANT, '')).statusCode).toBe(401);
  });
});
