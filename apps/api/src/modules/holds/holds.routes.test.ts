import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '@winery/domain';
import { carts, offerings, stockHolds } from '../../db/schema/index.js';
import { createOrderingFixtures, ignoreDroppedConnections, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/*
 * Held selections (issue 17, item 3), through the API as a member's browser calls it. The app runs
 * on a clock the tests move (`offset`), so a hold's expiry is reached without waiting.
 */

let t: TestApp;
let f: OrderingFixtures;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  f = await createOrderingFixtures(t);
});
afterAll(async () => {
  ignoreDroppedConnections(t);
  await t?.close();
});

type Member = Awaited<ReturnType<OrderingFixtures['createMember']>>;
type Wine = Awaited<ReturnType<OrderingFixtures['createOpenOffering']>>['wines'][number];
interface HoldBody {
  hold: { expiresAt: string; locationId: string; lines: Array<{ wineId: string; quantity: number }> } | null;
  serverTime: string;
}

const headers = (token: string) => ({ tenant: TEST_TENANT, authorization: token });
const base = (m: Member) => `/v1/${TEST_TENANT}/customer/${m.customer.id}`;
const holdUrl = (m: Member, allocationId = m.allocation.id) => `${base(m)}/allocation/${allocationId}/hold`;

async function putCart(m: Member, lines: Array<{ wineId: string; quantity: number }>): Promise<string> {
  const response = await t.app.inject({ method: 'PUT', url: `${base(m)}/cart`, headers: headers(m.token), payload: { allocationId: m.allocation.id, lines } });
  if (response.statusCode !== 200) throw new Error(`cart: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

const hold = (m: Member, cartId: string, extra: Record<string, unknown> = {}, allocationId?: string) =>
  t.app.inject({ method: 'PUT', url: holdUrl(m, allocationId), headers: headers(m.token), payload: { cartId, ...extra } });
const readHold = (m: Member, allocationId?: string) => t.app.inject({ method: 'GET', url: holdUrl(m, allocationId), headers: headers(m.token) });
const release = (m: Member, allocationId?: string) => t.app.inject({ method: 'DELETE', url: holdUrl(m, allocationId), headers: headers(m.token) });

const order = (m: Member, cartId: string) =>
  t.app.inject({
    method: 'POST',
    url: `${base(m)}/order`,
    headers: headers(m.token),
    payload: {
      cartId,
      delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: m.address.id },
      billingAddressId: m.address.id,
      payment: { cardId: m.card.id },
      idempotencyKey: f.newKey(),
    },
  });

/** An open offering of one wine with `stock` bottles in the cellar, holding selections for `holdMinutes`. */
async function offeringWith(options: { stock: number; holdMinutes: number | null; roomStock?: number }) {
  const { offering, wines } = await f.createOpenOffering({
    wines: [{ name: 'Quella', stock: options.stock, ...(options.roomStock !== undefined ? { roomStock: options.roomStock } : {}) }],
  });
  await t.db.update(offerings).set({ holdMinutes: options.holdMinutes }).where(eq(offerings.id, offering.id));
  return { offering, wine: wines[0]! };
}

const member = (offeringId: string, wine: Wine, maximum = 6) => f.createMember(offeringId, { [wine.id]: { maximum } });

describe('PUT …/hold when many members hold the last bottles at once', () => {
  it('holds exactly the bottles there are; held bottles cannot be ordered by others until the hold expires', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 10, holdMinutes: 10 });
    const members = await Promise.all(Array.from({ length: 20 }, () => member(offering.id, wine)));
    const cartIds = await Promise.all(members.map((m) => putCart(m, [{ wineId: wine.id, quantity: 1 }])));

    const answers = await Promise.all(members.map((m, i) => hold(m, cartIds[i]!)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);

    const refused = answers.find((answer) => answer.statusCode === 409)!;
    const message = `No bottles of ${wine.label} are left just now. Please change your selection.`;
    expect(refused.json()).toEqual({ statusCode: 409, type: 'conflict', message, errors: [{ field: `lines.${wine.id}`, code: 'short', message }] });
    const held = await t.db.select().from(stockHolds).where(and(eq(stockHolds.offeringWineId, wine.id), isNull(stockHolds.endedAt)));
    expect(held.reduce((sum, row) => sum + row.quantity, 0)).toBe(10);

    const holderIndex = statuses.indexOf(200);
    const outsiderIndex = statuses.indexOf(409);
    const [holder, outsider] = [members[holderIndex]!, members[outsiderIndex]!];

    // The bottles are in the cellar, but every one is held: the outsider cannot order them.
    const outsiderOrder = await order(outsider, cartIds[outsiderIndex]!);
    expect(outsiderOrder.statusCode).toBe(409);
    expect(outsiderOrder.json().errors[0]).toMatchObject({ field: `lines.${wine.id}`, code: 'soldOut' });

    // The holder orders their held bottle, and the order ends their hold.
    const holderOrder = await order(holder, cartIds[holderIndex]!);
    expect(holderOrder.statusCode).toBe(201);
    expect((await readHold(holder)).json().hold).toBeNull();
    expect(await f.stockOf(wine.id)).toBe(9);
    expect((await order(outsider, cartIds[outsiderIndex]!)).statusCode).toBe(409);

    // Ten minutes later the other nine holds have run out: their bottles are free again.
    offset = 10 * MINUTE_MS;
    const late = await hold(outsider, cartIds[outsiderIndex]!);
    expect(late.statusCode).toBe(200);
    expect((late.json() as HoldBody).hold!.lines).toEqual([{ wineId: wine.id, quantity: 1 }]);
    expect((await order(outsider, cartIds[outsiderIndex]!)).statusCode).toBe(201);
    expect(await f.stockOf(wine.id)).toBe(8);
    offset = 0;
  });
});

describe('PUT …/hold', () => {
  it('holds the cart for the offering’s minutes at the cellar, and GET reads it back with the server’s clock', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 20, holdMinutes: 15 });
    const m = await member(offering.id, wine);
    const cartId = await putCart(m, [{ wineId: wine.id, quantity: 2 }]);
    const answer = await hold(m, cartId);
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as HoldBody;
    expect(Date.parse(body.hold!.expiresAt) - Date.parse(body.serverTime)).toBe(15 * MINUTE_MS);
    expect(body.hold).toMatchObject({ locationId: f.cellar.id, lines: [{ wineId: wine.id, quantity: 2 }] });
    const read = (await readHold(m)).json() as HoldBody;
    expect(read.hold).toEqual(body.hold);
    expect(Date.parse(read.serverTime)).toBeGreaterThanOrEqual(Date.parse(body.serverTime));
  });

  it('replaces the lines of a live hold but keeps its expiry; after the expiry a hold starts afresh', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 20, holdMinutes: 10 });
    const m = await member(offering.id, wine);
    const cartId = await putCart(m, [{ wineId: wine.id, quantity: 2 }]);
    const first = (await hold(m, cartId)).json() as HoldBody;

    offset = 4 * MINUTE_MS;
    await putCart(m, [{ wineId: wine.id, quantity: 3 }]);
    const second = (await hold(m, cartId)).json() as HoldBody;
    expect(second.hold!.expiresAt).toBe(first.hold!.expiresAt);
    expect(second.hold!.lines).toEqual([{ wineId: wine.id, quantity: 3 }]);
    const live = await t.db.select().from(stockHolds).where(and(eq(stockHolds.allocationId, m.allocation.id), isNull(stockHolds.endedAt)));
    expect(live.map((row) => row.quantity)).toEqual([3]);

    // At the expiry instant the hold no longer counts: holding again gives a new 10 minutes.
    offset = 10 * MINUTE_MS;
    const third = (await hold(m, cartId)).json() as HoldBody;
    expect(Date.parse(third.hold!.expiresAt) - Date.parse(third.serverTime)).toBe(10 * MINUTE_MS);
    expect(Date.parse(third.hold!.expiresAt)).toBeGreaterThan(Date.parse(first.hold!.expiresAt));
    offset = 0;
  });

  it('says how many bottles are left when a wine is short, and holds nothing', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 3, holdMinutes: 10 });
    const [first, second] = [await member(offering.id, wine), await member(offering.id, wine)];
    expect((await hold(first, await putCart(first, [{ wineId: wine.id, quantity: 1 }]))).statusCode).toBe(200);
    const cartId = await putCart(second, [{ wineId: wine.id, quantity: 3 }]);
    const refused = await hold(second, cartId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      { field: `lines.${wine.id}`, code: 'short', message: `Only 2 bottles of ${wine.label} are left. Please change your selection.` },
    ]);
    expect((await readHold(second)).json().hold).toBeNull();
  });

  it('keeps the earlier hold as it was when the new selection is short', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 4, holdMinutes: 10 });
    const [m, other] = [await member(offering.id, wine), await member(offering.id, wine)];
    const cartId = await putCart(m, [{ wineId: wine.id, quantity: 2 }]);
    const before = (await hold(m, cartId)).json() as HoldBody;
    expect((await hold(other, await putCart(other, [{ wineId: wine.id, quantity: 1 }]))).statusCode).toBe(200);
    await putCart(m, [{ wineId: wine.id, quantity: 4 }]);
    const refused = await hold(m, cartId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toBe(`Only 3 bottles of ${wine.label} are left. Please change your selection.`);
    expect(((await readHold(m)).json() as HoldBody).hold).toEqual(before.hold);
  });

  it('holds at a pick-up location of the winery when one is named, from that location’s stock', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 0, roomStock: 2, holdMinutes: 10 });
    const m = await member(offering.id, wine);
    const cartId = await putCart(m, [{ wineId: wine.id, quantity: 2 }]);
    expect((await hold(m, cartId)).statusCode).toBe(409);
    const atRoom = await hold(m, cartId, { locationId: f.room.id });
    expect(atRoom.statusCode).toBe(200);
    expect((atRoom.json() as HoldBody).hold!.locationId).toBe(f.room.id);

    for (const locationId of [f.closedStore.id, t.newId()]) {
      const refused = await hold(m, cartId, { locationId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'locationId', code: 'pickupNotFound', message: 'Please choose one of our pick-up locations.' }]);
    }
    const malformed = await hold(m, cartId, { locationId: 'cellar' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe('locationId');
  });

  it('holds no more than the member may order (their maximum, counting earlier orders)', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 20, holdMinutes: 10 });
    const m = await member(offering.id, wine, 2);
    // A cart past the cart's own checks, as an older client or a changed maximum would leave it.
    const [stale] = await t.db
      .insert(carts)
      .values({ tenantId: TEST_TENANT, customerId: m.customer.id, allocationId: m.allocation.id, lines: [{ wineId: wine.id, quantity: 3 }] })
      .returning();
    const refused = await hold(m, stale!.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: `lines.${wine.id}`, code: 'aboveMaximum', message: `You can order at most 2 bottles of ${wine.label}.` },
    ]);
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.allocationId, m.allocation.id))).toEqual([]);
  });

  it('answers hold: null when the offering holds nothing, and keeps nothing', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 20, holdMinutes: null });
    const m = await member(offering.id, wine);
    const answer = await hold(m, await putCart(m, [{ wineId: wine.id, quantity: 1 }]));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ hold: null, serverTime: expect.any(String) });
    expect((await readHold(m)).json().hold).toBeNull();
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.allocationId, m.allocation.id))).toEqual([]);
  });

  it('refuses outside the member’s window with 409: closed after it, not open yet before it', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 20, holdMinutes: 10 });
    const m = await member(offering.id, wine);
    const cartId = await putCart(m, [{ wineId: wine.id, quantity: 1 }]);
    await t.db.update(offerings).set({ endDate: new Date(Date.now() - 1000) }).where(eq(offerings.id, offering.id));
    const refused = await hold(m, cartId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'conflict', message: 'This offering is closed.' });

    await t.db
      .update(offerings)
      .set({ startDate: new Date(Date.now() + DAY_MS), endDate: new Date(Date.now() + 2 * DAY_MS) })
      .where(eq(offerings.id, offering.id));
    const early = await hold(m, cartId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ statusCode: 409, type: 'conflict', message: 'This offering is not open for you yet.' });
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.allocationId, m.allocation.id))).toEqual([]);
  });
});

describe('PUT …/hold in an offering with a waiting room', () => {
  it('refuses a member whose place has not come up yet with 409, and holds nothing', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 20, holdMinutes: 10 });
    await t.db.update(offerings).set({ admissionPerMinute: 1 }).where(eq(offerings.id, offering.id));
    const m = await member(offering.id, wine);
    // The cart refuses them too: their choice from before the room was set is what they would hold.
    const [cart] = await t.db
      .insert(carts)
      .values({ tenantId: TEST_TENANT, customerId: m.customer.id, allocationId: m.allocation.id, lines: [{ wineId: wine.id, quantity: 1 }] })
      .returning();
    const refused = await hold(m, cart!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'conflict', message: 'Your place in the waiting room has not come up yet.' });
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.allocationId, m.allocation.id))).toEqual([]);
  });
});

describe('DELETE …/hold', () => {
  it('releases the bottles at once: another member can hold them straight away', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 2, holdMinutes: 30 });
    const [first, second] = [await member(offering.id, wine), await member(offering.id, wine)];
    expect((await hold(first, await putCart(first, [{ wineId: wine.id, quantity: 2 }]))).statusCode).toBe(200);
    const secondCart = await putCart(second, [{ wineId: wine.id, quantity: 2 }]);
    expect((await hold(second, secondCart)).statusCode).toBe(409);

    const released = await release(first);
    expect(released.statusCode).toBe(204);
    expect(released.body).toBe('');
    expect((await readHold(first)).json().hold).toBeNull();
    expect((await hold(second, secondCart)).statusCode).toBe(200);
    // Releasing again, with nothing held, is the same answer.
    expect((await release(first)).statusCode).toBe(204);
  });
});

describe('another member’s allocation', () => {
  it('answers 404 to PUT, GET and DELETE, and leaves their hold alone', async () => {
    offset = 0;
    const { offering, wine } = await offeringWith({ stock: 20, holdMinutes: 10 });
    const [owner, intruder] = [await member(offering.id, wine), await member(offering.id, wine)];
    const ownerCart = await putCart(owner, [{ wineId: wine.id, quantity: 1 }]);
    expect((await hold(owner, ownerCart)).statusCode).toBe(200);
    const intruderCart = await putCart(intruder, [{ wineId: wine.id, quantity: 1 }]);

    for (const answer of [
      await hold(intruder, intruderCart, {}, owner.allocation.id),
      await readHold(intruder, owner.allocation.id),
      await release(intruder, owner.allocation.id),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ type: 'notFound', message: 'This allocation does not exist' });
    }
    // Their cart in one's own allocation's hold is no cart of it.
    const borrowed = await hold(intruder, ownerCart);
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().message).toBe('This cart does not exist');
    expect(((await readHold(owner)).json() as HoldBody).hold).not.toBeNull();
  });
});
