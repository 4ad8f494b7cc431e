import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders } from '../../db/schema/index.js';
import { createOrderingFixtures, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createStaffOrderFixtures, type PlacedOrder } from '../../testing/staff-order-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import type { ORDERS_CSV_COLUMNS } from './orders-csv.js';
import { ordersCsv } from './orders-csv.js';
import { createStaffOrdersRepository } from './staff-orders.repository.js';

let t: TestApp;
let f: OrderingFixtures;
let viewer: string;
let offering: Awaited<ReturnType<OrderingFixtures['createOpenOffering']>>;
let other: Awaited<ReturnType<OrderingFixtures['createOpenOffering']>>;
/** Oldest first: a shipped one in California, a pick-up one, one in New York from another offering, a formula-named member's. */
const placed: PlacedOrder[] = [];
let formulaMember: { email: string };

beforeAll(async () => {
  t = await createTestApp();
  f = await createOrderingFixtures(t);
  const { placeOrder } = createStaffOrderFixtures(t, f);
  viewer = await t.signInStaff((await t.createStaffUser({ role: 'viewer' })).email);
  offering = await f.createOpenOffering({ wines: [{ name: 'Melbury', priceCents: 9_000, roomStock: 20 }, { name: 'Quella', priceCents: 4_000 }] });
  other = await f.createOpenOffering({ wines: [{ name: 'Otra', priceCents: 5_000 }] });
  const limits = { [offering.wines[0]!.id]: { maximum: 12 }, [offering.wines[1]!.id]: { maximum: 12 } };
  const californian = await f.createMember(offering.offering.id, limits, { address: { address1: '12 "Old" Vineyard Road, Unit 4', city: 'Sonoma', stateCode: 'CA', zipCode: '95476' } });
  placed.push(await placeOrder(californian, [{ wineId: offering.wines[0]!.id, quantity: 2 }, { wineId: offering.wines[1]!.id, quantity: 1 }]));
  const picker = await f.createMember(offering.offering.id, limits);
  placed.push(await placeOrder(picker, [{ wineId: offering.wines[0]!.id, quantity: 1 }], { pickupAt: f.room.id }));
  const newYorker = await f.createMember(other.offering.id, { [other.wines[0]!.id]: { maximum: 6 } }, { address: { city: 'New York', stateCode: 'NY', zipCode: '10013' } });
  await t.db.update(customers).set({ firstName: 'Grâce', lastName: 'Hopperton' }).where(eq(customers.id, newYorker.customer.id));
  placed.push(await placeOrder(newYorker, [{ wineId: other.wines[0]!.id, quantity: 3 }]));
  const formula = await f.createMember(offering.offering.id, limits);
  await t.db.update(customers).set({ firstName: '=HYPERLINK("http://evil.example")', lastName: '+Cell' }).where(eq(customers.id, formula.customer.id));
  formulaMember = formula.customer;
  placed.push(await placeOrder(formula, [{ wineId: offering.wines[1]!.id, quantity: 4 }]));
  // Placed on known instants, two of them a microsecond apart, for the date filters and the cursor.
  const at = ['2026-03-09T20:00:00.000000Z', '2026-03-10T06:30:00.000001Z', '2026-03-10T06:30:00.000002Z', '2026-03-11T18:00:00.000000Z'];
  for (const [index, order] of placed.entries()) await t.db.execute(sql`update ${orders} set placed_at = ${at[index]}::timestamptz where id = ${order.id}`);
  await t.app.inject({ method: 'POST', url: `/v1/staff/orders/${placed[1]!.id}/status`, headers: headers(await t.signInStaff((await t.createStaffUser({ role: 'manager' })).email)), payload: { status: 'processing' } });
});
afterAll(async () => t?.close());

const headers = (token: string) => ({ tenant: TEST_TENANT, authorization: token });
const list = (query = '') => t.app.inject({ method: 'GET', url: `/v1/staff/orders${query}`, headers: headers(viewer) });
const numbers = async (query = '') => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Array<{ number: string }> }).items.map((item) => item.number);
};
const N = (...indexes: number[]) => indexes.map((index) => placed[index]!.number);

describe('GET /v1/staff/orders', () => {
  it('lists newest first with what the list shows', async () => {
    const response = await list();
    expect(response.json().items.map((item: { number: string }) => item.number)).toEqual(N(3, 2, 1, 0));
    expect(response.json().items[3]).toMatchObject({
      member: { firstName: 'Ada', lastName: 'Vintner' },
      offering: { id: offering.offering.id },
      deliveryMethod: 'shipping',
      destination: 'Sonoma, CA, US',
      bottles: 3,
      fulfilmentStatus: 'placed',
      paymentStatus: 'authorized',
      carrier: null,
    });
    expect(response.json().items[2]).toMatchObject({ deliveryMethod: 'pickup', destination: 'City Tasting Room', fulfilmentStatus: 'processing' });
  });

  it('pages with a cursor, losing no order that shares a millisecond with another', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json() as { items: Array<{ number: string }>; nextCursor: string | null };
      seen.push(...page.items.map((item) => item.number));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(N(3, 2, 1, 0));
    const bad = await list('?cursor=not-ours');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'cursor', code: 'invalidCursor' });
  });

  it('filters by offering, status, delivery method, destination, dates on the winery\'s clock and search', async () => {
    expect(await numbers(`?offeringId=${other.offering.id}`)).toEqual(N(2));
    expect(await numbers('?status=processing')).toEqual(N(1));
    expect(await numbers('?deliveryMethod=pickup')).toEqual(N(1));
    expect(await numbers('?country=us&state=ny')).toEqual(N(2, 1));
    expect(await numbers('?state=CA')).toEqual(N(3, 0));
    // Acme's clock is Los Angeles (daylight time from March 8): 2026-03-10T06:30Z is still March 9 there.
    expect(await numbers('?from=2026-03-10')).toEqual(N(3));
    expect(await numbers('?to=2026-03-09')).toEqual(N(2, 1, 0));
    expect(await numbers('?from=2026-03-10T00:00:00Z&to=2026-03-10T23:59:59%2B00:00')).toEqual(N(2, 1));
    expect(await numbers(`?q=${placed[0]!.number.slice(3, 9)}`)).toEqual(N(0));
    // Whatever the accents: staff type "grace" for Grâce.
    expect(await numbers('?q=grace%20hopper')).toEqual(N(2));
    expect(await numbers(`?q=${encodeURIComponent('GRÂCE HOPPER')}`)).toEqual(N(2));
    expect(await numbers(`?q=${encodeURIComponent(formulaMember.email.toUpperCase())}`)).toEqual(N(3));
    expect(await numbers('?q=%25')).toEqual([]);
    const wrong = await list('?status=lost&from=yesterday&country=XX');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.map((error: { field: string }) => error.field).sort()).toEqual(['country', 'from', 'status']);
  });
});

describe('GET /v1/staff/orders.csv', () => {
  const csv = (query = '') => t.app.inject({ method: 'GET', url: `/v1/staff/orders.csv${query}`, headers: headers(viewer) });
  const rowsOf = (body: string) => parse(body, { bom: true, columns: true }) as Array<Record<(typeof ORDERS_CSV_COLUMNS)[number], string>>;

  it('has one row per order line, quoted properly, with the fulfilment columns', async () => {
    const response = await csv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\ufefforder_number,placed_at,member_name,email,')).toBe(true);
    const rows = rowsOf(response.body);
    expect(rows.map((row) => row.order_number)).toEqual(N(3, 2, 1, 1, 0, 0).filter((_, index) => index !== 3));
    const first = rows.filter((row) => row.order_number === placed[0]!.number);
    expect(first.map((row) => [row.wine, row.quantity, row.unit_price, row.line_total])).toEqual([
      [offering.wines[0]!.name, '2', '90.00', '180.00'],
      [offering.wines[1]!.name, '1', '40.00', '40.00'],
    ]);
    expect(first[0]).toMatchObject({
      placed_at: '2026-03-09T20:00:00.000Z',
      member_name: 'Ada Vintner',
      delivery_method: 'shipping',
      address_1: '12 "Old" Vineyard Road, Unit 4',
      city: 'Sonoma',
      state: 'CA',
      zip: '95476',
      country: 'US',
      pickup_location: '',
      vintage: '2021',
      size_ml: '750',
      order_subtotal: '220.00',
      total: (placed[0]!.totals.totalCents / 100).toFixed(2),
      status: 'placed',
      payment_status: 'authorized',
    });
    expect(rows.find((row) => row.order_number === placed[1]!.number)).toMatchObject({ delivery_method: 'pickup', address_1: '', pickup_location: 'City Tasting Room, 20 Hudson Street, New York, NY 10013', status: 'processing' });
  });

  it('keeps a cell a spreadsheet would run as a formula as text', async () => {
    const rows = rowsOf((await csv(`?q=${encodeURIComponent(formulaMember.email)}`)).body);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.member_name).toBe(`'=HYPERLINK("http://evil.example") +Cell`);
  });

  it('takes the list\'s filters, and reads the database in batches without losing a line', async () => {
    expect(rowsOf((await csv('?deliveryMethod=pickup')).body).map((row) => row.order_number)).toEqual(N(1));
    const whole = rowsOf((await csv()).body);
    const repository = createStaffOrdersRepository(t.db);
    const chunks: Buffer[] = [];
    for await (const chunk of ordersCsv(repository, TEST_TENANT, {}, 1)) chunks.push(chunk as Buffer);
    expect(rowsOf(Buffer.concat(chunks).toString('utf8'))).toEqual(whole);
    expect((await csv('?to=bad')).statusCode).toBe(400);
  });
});
