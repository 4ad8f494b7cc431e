import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeTotals, DAY_MS, getAllocationStatus } from '@winery/domain';
import { carts, offerings, orderLines, orders, paymentCards, stock } from '../../db/schema/index.js';
import { createOrderingFixtures, ignoreDroppedConnections, RATES, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { TEST_CARDS } from '../payments/test-gateway.js';

let t: TestApp;
let f: OrderingFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await createOrderingFixtures(t);
});
afterAll(async () => {
  ignoreDroppedConnections(t);
  await t?.close();
});

type Member = Awaited<ReturnType<OrderingFixtures['createMember']>>;
const headers = (token: string) => ({ tenant: TEST_TENANT, authorization: token });
const base = (m: Member, customerId = m.customer.id) => `/v1/${TEST_TENANT}/customer/${customerId}`;
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const newCard = (cardNumber: string) => ({ cardNumber, cardHolderName: 'Ada Vintner', expirationDate: `08/${nextYear}`, cvv: '123' });

async function putCart(m: Member, lines: Array<{ wineId: string; quantity: number }>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `${base(m)}/cart`,
    headers: headers(m.token),
    payload: { allocationId: m.allocation.id, lines },
  });
  if (response.statusCode !== 200) throw new Error(`cart: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string };
}

/**
 * A cart written straight into the table, past the cart's own checks: what an older client, or a
 * second cart of the same allocation, would leave. Placement must hold the limits on its own.
 */
async function staleCart(m: Member, lines: Array<{ wineId: string; quantity: number }>) {
  const [row] = await t.db.insert(carts).values({ tenantId: TEST_TENANT, customerId: m.customer.id, allocationId: m.allocation.id, lines }).returning();
  return row!.id;
}

function orderBody(m: Member, cartId: string, overrides: Record<string, unknown> = {}) {
  return {
    cartId,
    delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: m.address.id },
    billingAddressId: m.address.id,
    payment: { cardId: m.card.id },
    idempotencyKey: f.newKey(),
    ...overrides,
  };
}

const place = (m: Member, body: object, customerId?: string) =>
  t.app.inject({ method: 'POST', url: `${base(m, customerId)}/order`, headers: headers(m.token), payload: body });

const ordersOf = (customerId: string) => t.db.select().from(orders).where(eq(orders.customerId, customerId));

async function bottlesSold(offeringWineIds: string[]) {
  const [row] = await t.db
    .select({ n: sql<string>`coalesce(sum(${orderLines.quantity}), 0)` })
    .from(orderLines)
    .where(inArray(orderLines.offeringWineId, offeringWineIds));
  return Number(row?.n ?? 0);
}

/** An open offering of two wines at $100 and $60 (12 and 30 bottles in the cellar); the member may take up to 3 and 6. */
async function scenario(options: { quellaStock?: number; quellaMaximum?: number; roomStock?: number; orderMinimumCents?: number } = {}) {
  const { offering, wines } = await f.createOpenOffering({
    wines: [
      { name: 'Quella', priceCents: 10_000, stock: options.quellaStock ?? 12, ...(options.roomStock !== undefined ? { roomStock: options.roomStock } : {}) },
      { name: 'Vecina', priceCents: 6_000, stock: 30 },
    ],
    orderMinimumCents: options.orderMinimumCents ?? 0,
  });
  const [quella, vecina] = wines as [typeof wines[0], typeof wines[0]];
  const member = await f.createMember(offering.id, { [quella.id]: { maximum: options.quellaMaximum ?? 3 }, [vecina.id]: { maximum: 6 } });
  return { offering, quella, vecina, member };
}

describe('POST /v1/{tenant}/customer/{customerId}/order', () => {
  it('places the order: stock taken, card authorised, the order written with copies; the member is then thank-you', async () => {
    const { offering, quella, vecina, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 2 }, { wineId: vecina.id, quantity: 1 }]);
    const quoted = await t.app.inject({
      method: 'POST',
      url: `${base(member)}/cart/${cart.id}/quote`,
      headers: headers(member.token),
      payload: { delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: member.address.id } },
    });
    const authorizationsBefore = t.gateway.authorizationCount;

    const response = await place(member, orderBody(member, cart.id));
    expect(response.statusCode).toBe(201);
    const order = response.json();
    const expected = computeTotals({
      subtotalCents: 26_000,
      bottles: 3,
      delivery: { method: 'shipping', destination: { countryCode: 'US', stateCode: 'CA' } },
      tables: {
        taxRates: [{ countryCode: 'US', stateCode: 'CA', rateBasisPoints: RATES.taxCA, includesDuties: false }],
        shippingRates: [{ countryCode: 'US', stateCode: null, minBottles: 1, maxBottles: 6, priceCents: RATES.shipUpTo6, includesDuties: false }],
        restrictions: [],
      },
    });
    expect(order).toEqual({
      id: expect.any(String),
      number: expect.stringMatching(/^AE-\d{5,}$/),
      status: 'pending',
      placedAt: expect.any(String),
      offeringName: offering.name,
      lines: expect.arrayContaining([
        { wineId: quella.id, name: quella.name, vintage: 2021, sizeMl: 750, quantity: 2, unitPriceCents: 10_000 },
        { wineId: vecina.id, name: vecina.name, vintage: 2021, sizeMl: 750, quantity: 1, unitPriceCents: 6_000 },
      ]),
      totals: expected.ok ? expected.totals : null,
      delivery: {
        method: 'shipping',
        address: ['12 Vineyard Road', 'Sonoma, CA 95476', 'United States'],
        shippingAddress: { recipientName: null, phone: null, address1: '12 Vineyard Road', address2: null, city: 'Sonoma', stateCode: 'CA', zipCode: '95476', countryCode: 'US' },
        pickup: null,
      },
      payment: { brand: 'visa', last4: '4242', status: 'authorized' },
      fulfilment: { status: 'placed', carrier: null, trackingNumber: null, trackingUrl: null, pickupLocation: null, updatedAt: order.placedAt },
      giftMessage: null,
      addsTo: null,
      additions: [],
    });
    expect(order.lines).toHaveLength(2);
    expect(order.totals).toEqual(quoted.json().totals);
    expect(order.totals).toMatchObject({ subtotalCents: 26_000, shippingCents: 4_500, taxCents: 1_885, totalCents: 32_385 });

    expect(await f.stockOf(quella.id)).toBe(10);
    expect(await f.stockOf(vecina.id)).toBe(29);
    expect(t.gateway.authorizationCount).toBe(authorizationsBefore + 1);
    const [row] = await ordersOf(member.customer.id);
    expect(row).toMatchObject({
      allocationId: member.allocation.id,
      deliveryMethod: 'shipping',
      cardBrand: 'visa',
      cardLast4: '4242',
      authorizationId: expect.stringMatching(/^auth_test_/),
      billingAddress: { recipientName: null, phone: null, address1: '12 Vineyard Road', address2: null, city: 'Sonoma', stateCode: 'CA', zipCode: '95476', countryCode: 'US' },
      giftMessage: null,
      addsToOrderId: null,
    });
    // The ordered cart is gone: the next visit starts from an empty choice.
    const cartAfter = await t.app.inject({ method: 'GET', url: `${base(member)}/cart/${cart.id}`, headers: headers(member.token) });
    expect(cartAfter.statusCode).toBe(404);

    // The allocation detail now lists it as pending: the member's status is thank-you.
    const detail = await t.app.inject({ method: 'GET', url: `${base(member)}/allocation/${member.allocation.id}`, headers: headers(member.token) });
    expect(detail.json().pendingOrders).toEqual([
      { id: order.id, number: order.number, status: 'pending', totalCents: order.totals.totalCents, placedAt: order.placedAt },
    ]);
    expect(getAllocationStatus(detail.json())).toBe('thank-you');

    // And it is among the past orders, and can be read again.
    const list = await t.app.inject({ method: 'GET', url: `${base(member)}/order`, headers: headers(member.token) });
    expect(list.json()).toEqual([
      { id: order.id, number: order.number, status: 'pending', totalCents: order.totals.totalCents, placedAt: order.placedAt, offeringName: offering.name, addsTo: null, fulfilment: order.fulfilment },
    ]);
    const again = await t.app.inject({ method: 'GET', url: `${base(member)}/order/${order.id}`, headers: headers(member.token) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(order);
  });

  it('answers the same submission sent again with the same order: one order, one authorisation', async () => {
    const { quella, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 2 }]);
    const body = orderBody(member, cart.id);
    const authorizationsBefore = t.gateway.authorizationCount;

    const first = await place(member, body);
    const second = await place(member, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await ordersOf(member.customer.id)).toHaveLength(1);
    expect(t.gateway.authorizationCount).toBe(authorizationsBefore + 1);
    expect(await f.stockOf(quella.id)).toBe(10);

    // Even after the offering has closed, a late retry gets its order rather than an error.
    await t.db.update(offerings).set({ endDate: new Date(Date.now() - 1000) }).where(eq(offerings.id, member.allocation.offeringId));
    const late = await place(member, body);
    expect(late.statusCode).toBe(200);
    expect(late.json().id).toBe(first.json().id);
  });

  it('makes one order and one authorisation when the same submission arrives several times at once', async () => {
    const { quella, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 3 }]);
    const body = orderBody(member, cart.id);
    const authorizationsBefore = t.gateway.authorizationCount;

    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => place(member, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await ordersOf(member.customer.id)).toHaveLength(1);
    expect(t.gateway.authorizationCount).toBe(authorizationsBefore + 1);
    expect(await f.stockOf(quella.id)).toBe(9);
  });

  it('sells the last 10 bottles to 50 members at once: exactly 10 sold, never below zero, the others told it sold out', async () => {
    const { offering, wines } = await f.createOpenOffering({ wines: [{ name: 'Pluribus', priceCents: 20_000, stock: 10 }] });
    const pluribus = wines[0]!;
    // Half may take one bottle, half two: together they ask for 75.
    const members = await Promise.all(
      Array.from({ length: 50 }, (_, index) => f.createMember(offering.id, { [pluribus.id]: { maximum: 1 + (index % 2) } })),
    );
    const bodies = await Promise.all(
      members.map(async (member, index) => orderBody(member, (await putCart(member, [{ wineId: pluribus.id, quantity: 1 + (index % 2) }])).id)),
    );
    const since = new Date(Date.now() - 1000);

    const answers = await Promise.all(members.map((member, index) => place(member, bodies[index]!)));

    const placed = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    const sold = placed.reduce((sum, a) => sum + (a.json().lines[0].quantity as number), 0);
    expect(sold).toBe(10);
    expect(await f.stockOf(pluribus.id)).toBe(0);
    expect(await bottlesSold([pluribus.id])).toBe(10);
    // The card is authorised before the stock is taken (ADR 026): a member who is refused once the
    // bottles are seen gone is never authorised, and one who lost the race for the last bottles
    // after the approval has the hold voided. The holds left open are exactly the orders'.
    const ours = new Set(members.map((member) => member.customer.id));
    const open = (await t.gateway.listOpenAuthorizations(since)).filter((hold) => hold.reference && ours.has(hold.reference.customerId));
    const written = await t.db.select({ authorizationId: orders.authorizationId }).from(orders).where(inArray(orders.customerId, [...ours]));
    expect(open.map((hold) => hold.authorizationId).sort()).toEqual(written.map((row) => row.authorizationId).sort());
    expect(written).toHaveLength(placed.length);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      const message = `Sorry, ${pluribus.label} has just sold out. Please change your order.`;
      expect(answer.json()).toEqual({ statusCode: 409, type: 'conflict', message, errors: [{ field: `lines.${pluribus.id}`, code: 'soldOut', message }] });
    }
    const [{ negative } = { negative: 1 }] = await t.db
      .select({ negative: sql<number>`count(*)::int` })
      .from(stock)
      .where(sql`${stock.quantity} < 0`);
    expect(negative).toBe(0);
  }, 120_000);

  it("enforces the member's maximum across orders, also when two of their orders arrive at once", async () => {
    const { quella, member } = await scenario({ quellaMaximum: 3 });
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 2 }]);
    expect((await place(member, orderBody(member, cart.id))).statusCode).toBe(201);

    // A cart that still says 2 (saved by an older client, around the cart's own check): the
    // order itself counts what the first order took.
    const stale = await staleCart(member, [{ wineId: quella.id, quantity: 2 }]);
    const second = await place(member, orderBody(member, stale));
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual([
      { field: `lines.${quella.id}`, code: 'aboveMaximum', message: `You can order at most 1 bottle of ${quella.label}.` },
    ]);
    // So does the cart.
    const tooMany = await t.app.inject({
      method: 'PUT',
      url: `${base(member)}/cart`,
      headers: headers(member.token),
      payload: { allocationId: member.allocation.id, lines: [{ wineId: quella.id, quantity: 2 }] },
    });
    expect(tooMany.statusCode).toBe(400);

    // Two carts for the last bottle, ordered at once: the allocation lock lets one through.
    const carts = [await staleCart(member, [{ wineId: quella.id, quantity: 1 }]), await staleCart(member, [{ wineId: quella.id, quantity: 1 }])];
    const racing = await Promise.all(carts.map((cartId) => place(member, orderBody(member, cartId))));
    expect(racing.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(await bottlesSold([quella.id])).toBe(3);
    expect(await f.stockOf(quella.id)).toBe(9);
  });

  it('checks the order minimum and combinations again when the order is placed', async () => {
    const { offering, quella, vecina, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    await t.db.update(offerings).set({ orderMinimumCents: 30_000 }).where(eq(offerings.id, offering.id));
    const belowMinimum = await place(member, orderBody(member, cart.id));
    expect(belowMinimum.statusCode).toBe(400);
    expect(belowMinimum.json()).toMatchObject({
      message: 'Your order must be a minimum of $300.00',
      errors: [{ field: 'lines', code: 'orderMinimum', message: 'Your order must be a minimum of $300.00' }],
    });

    await t.db
      .update(offerings)
      .set({ orderMinimumCents: 0, combinations: [{ wineId: quella.id, requiresWineId: vecina.id, quantity: 1 }] })
      .where(eq(offerings.id, offering.id));
    const combination = await place(member, orderBody(member, cart.id));
    expect(combination.statusCode).toBe(400);
    expect(combination.json()).toMatchObject({ message: 'Invalid allocation combination. Please contact us.' });
    expect(combination.json().errors).toContainEqual({ field: 'lines', code: 'invalidCombination', message: 'Invalid allocation combination. Please contact us.' });
    expect(await ordersOf(member.customer.id)).toHaveLength(0);
    expect(await f.stockOf(quella.id)).toBe(12);
  });

  it('refuses an address outside the chosen country and a destination that cannot receive wine, writing nothing', async () => {
    const { quella, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    const mismatch = await place(member, orderBody(member, cart.id, { delivery: { method: 'shipping', countryCode: 'CA', shippingAddressId: member.address.id } }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([
      { field: 'delivery.shippingAddressId', code: 'addressCountryMismatch', message: 'The address country must match the country selected in the previous step' },
    ]);

    const utah = await t.createAddress({ customerId: member.customer.id, stateCode: 'UT', city: 'Provo', zipCode: '84601' });
    const cannotShip = await place(member, orderBody(member, cart.id, { delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: utah.id } }));
    expect(cannotShip.statusCode).toBe(400);
    expect(cannotShip.json()).toMatchObject({
      message: 'Sorry, we cannot ship to Utah.',
      errors: [{ field: 'delivery.shippingAddressId', code: 'cannotShip', message: 'Sorry, we cannot ship to Utah.' }],
    });
    expect(await ordersOf(member.customer.id)).toHaveLength(0);
    expect(await f.stockOf(quella.id)).toBe(12);
  });

  it('refuses an order whose total passes the largest an order may be, writing nothing and charging nothing', async () => {
    // Each field at its own maximum (a $1,000,000 bottle, 22 of them) must not overflow the stored amounts.
    const { offering, wines } = await f.createOpenOffering({ wines: [{ name: 'Collector', priceCents: 100_000_000, stock: 30 }] });
    const [collector] = wines as [typeof wines[0]];
    const member = await f.createMember(offering.id, { [collector.id]: { maximum: 22 } });
    const cart = await putCart(member, [{ wineId: collector.id, quantity: 22 }]);
    const authorisations = t.gateway.authorizationCount;
    const response = await place(member, orderBody(member, cart.id));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'validationError',
      message: 'An order can total at most $1,000,000.00. Please choose fewer bottles or contact us.',
    });
    expect(await ordersOf(member.customer.id)).toHaveLength(0);
    expect(await f.stockOf(collector.id)).toBe(30);
    expect(t.gateway.authorizationCount).toBe(authorisations);
  });

  it('refuses billing addresses and cards that are not the member’s', async () => {
    const { quella, member } = await scenario();
    const other = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    const billing = await place(member, orderBody(member, cart.id, { billingAddressId: other.member.address.id }));
    expect(billing.statusCode).toBe(400);
    expect(billing.json().errors).toEqual([{ field: 'billingAddressId', code: 'selectAddress', message: 'Please select an address' }]);
    const card = await place(member, orderBody(member, cart.id, { payment: { cardId: other.member.card.id } }));
    expect(card.statusCode).toBe(400);
    expect(card.json().errors).toEqual([{ field: 'payment.cardId', code: 'selectCard', message: 'Please choose a card' }]);
    expect(await ordersOf(member.customer.id)).toHaveLength(0);
  });

  it('at pick-up: no shipping charge, tax where it is collected, bottles from that location', async () => {
    const { quella, member } = await scenario({ roomStock: 4 });
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 3 }]);
    const response = await place(member, orderBody(member, cart.id, { delivery: { method: 'pickup', locationId: f.room.id } }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      totals: { subtotalCents: 30_000, shippingCents: 0, taxCents: 2_664, totalCents: 32_664, shippingLabel: 'shipping', taxLabel: 'salesTax' },
      delivery: { method: 'pickup', address: [f.room.name, f.room.address] },
    });
    expect(await f.stockOf(quella.id, f.room.id)).toBe(1);
    expect(await f.stockOf(quella.id)).toBe(12);
    const [row] = await ordersOf(member.customer.id);
    expect(row).toMatchObject({ deliveryMethod: 'pickup', pickupLocationId: f.room.id, shippingCents: 0 });
  });

  it('says a wine sold out at the chosen pick-up location, and takes nothing else', async () => {
    const { quella, vecina, member } = await scenario({ roomStock: 1 });
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 2 }, { wineId: vecina.id, quantity: 1 }]);
    const response = await place(member, orderBody(member, cart.id, { delivery: { method: 'pickup', locationId: f.room.id } }));
    expect(response.statusCode).toBe(409);
    // Vecina has no stock in the tasting room at all: whichever line is taken first, nothing stays taken.
    expect(response.json().errors[0].code).toBe('soldOut');
    expect(await f.stockOf(quella.id, f.room.id)).toBe(1);
    expect(await ordersOf(member.customer.id)).toHaveLength(0);
  });

  it("answers 409 'This offering is closed.' once the window has passed", async () => {
    const { offering, quella, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    await t.db.update(offerings).set({ endDate: new Date(Date.now() - DAY_MS) }).where(eq(offerings.id, offering.id));
    const response = await place(member, orderBody(member, cart.id));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, type: 'conflict', message: 'This offering is closed.' });
  });

  it("answers 403 for another member's cart or id, 404 for an unknown cart", async () => {
    const { quella, member } = await scenario();
    const other = await scenario();
    const theirs = await putCart(other.member, [{ wineId: other.quella.id, quantity: 1 }]);
    expect((await place(member, orderBody(member, theirs.id))).statusCode).toBe(403);
    const mine = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    expect((await place(member, orderBody(member, mine.id), other.member.customer.id)).statusCode).toBe(403);
    const unknown = await place(member, orderBody(member, t.newId()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This cart does not exist');
  });
});

describe('cards at checkout', () => {
  it("declines 4000 0000 0000 0002 as a new card: 'The credit card was declined.', stock and orders untouched", async () => {
    const { quella, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 2 }]);
    const before = t.gateway.authorizationCount;
    const response = await place(member, orderBody(member, cart.id, { payment: { newCard: newCard(TEST_CARDS.declined), saveCard: true } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'The credit card was declined.',
      errors: [{ field: 'payment.newCard.cardNumber', code: 'cardDeclined', message: 'The credit card was declined.' }],
    });
    expect(await f.stockOf(quella.id)).toBe(12);
    expect(await ordersOf(member.customer.id)).toHaveLength(0);
    expect(t.gateway.authorizationCount).toBe(before);
    expect(await t.db.select().from(paymentCards).where(eq(paymentCards.customerId, member.customer.id))).toHaveLength(1);
  });

  it('declines a saved card the issuer refuses at authorisation, and rolls the stock back', async () => {
    const { quella, member } = await scenario();
    const saved = await t.app.inject({ method: 'POST', url: `${base(member)}/card`, headers: headers(member.token), payload: newCard(TEST_CARDS.declinedOnAuthorize) });
    expect(saved.statusCode).toBe(201);
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 3 }]);
    const body = orderBody(member, cart.id, { payment: { cardId: saved.json().id } });
    const response = await place(member, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'The credit card was declined.',
      errors: [{ field: 'payment.cardId', code: 'cardDeclined', message: 'The credit card was declined.' }],
    });
    expect(await f.stockOf(quella.id)).toBe(12);
    expect(await ordersOf(member.customer.id)).toHaveLength(0);

    // The member picks another card and sends the same submission again: it goes through.
    const retry = await place(member, { ...body, payment: { cardId: member.card.id } });
    expect(retry.statusCode).toBe(201);
    expect(await f.stockOf(quella.id)).toBe(9);
  });

  it('does not keep a new card the member asked to save when the order is declined', async () => {
    const { quella, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    const removeSpy = vi.spyOn(t.gateway, 'removeCard');
    try {
      const response = await place(member, orderBody(member, cart.id, { payment: { newCard: newCard(TEST_CARDS.declinedOnAuthorize), saveCard: true } }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'payment.newCard.cardNumber', code: 'cardDeclined', message: 'The credit card was declined.' }]);
      expect(removeSpy).toHaveBeenCalledTimes(1);
    } finally {
      removeSpy.mockRestore();
    }
    expect(await t.db.select().from(paymentCards).where(eq(paymentCards.customerId, member.customer.id))).toHaveLength(1);
    expect(await f.stockOf(quella.id)).toBe(12);
  });

  it("answers 'Unable to process card. Please verify your information.' when the gateway cannot decide", async () => {
    const { quella, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    const failing = await place(member, orderBody(member, cart.id, { payment: { newCard: newCard(TEST_CARDS.error) } }));
    expect(failing.statusCode).toBe(400);
    expect(failing.json().errors).toEqual([
      { field: 'payment.newCard.cardNumber', code: 'cardUnprocessable', message: 'Unable to process card. Please verify your information.' },
    ]);

    const spy = vi.spyOn(t.gateway, 'authorize').mockRejectedValueOnce(new Error('socket hang up'));
    try {
      const down = await place(member, orderBody(member, cart.id));
      expect(down.statusCode).toBe(400);
      expect(down.json()).toMatchObject({ message: 'Unable to process card. Please verify your information.', errors: [{ field: 'payment.cardId', code: 'cardUnprocessable' }] });
    } finally {
      spy.mockRestore();
    }
    expect(await f.stockOf(quella.id)).toBe(12);
    expect(await ordersOf(member.customer.id)).toHaveLength(0);
  });

  it('pays with a new card the member has saved already, asked to save it: the order goes, the card stays once (issue 15)', async () => {
    const { quella, member } = await scenario();
    const saved = await t.app.inject({ method: 'POST', url: `${base(member)}/card`, headers: headers(member.token), payload: newCard('5555555555554444') });
    expect(saved.statusCode).toBe(201);
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    const placed = await place(member, orderBody(member, cart.id, { payment: { newCard: newCard('5555 5555 5555 4444'), saveCard: true } }));
    expect(placed.statusCode).toBe(201);
    const cards = await t.db.select().from(paymentCards).where(eq(paymentCards.customerId, member.customer.id));
    expect(cards.filter((card) => card.last4 === '4444')).toHaveLength(1);
  });

  it('pays with a new card: saved with the order when asked, otherwise forgotten at the gateway', async () => {
    const { quella, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    const removeSpy = vi.spyOn(t.gateway, 'removeCard');
    try {
      const once = await place(member, orderBody(member, cart.id, { payment: { newCard: newCard('5555555555554444') } }));
      expect(once.statusCode).toBe(201);
      expect(once.json().payment).toEqual({ brand: 'mastercard', last4: '4444', status: 'authorized' });
      expect(removeSpy).toHaveBeenCalledTimes(1);

      const again = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
      const kept = await place(member, orderBody(member, again.id, { payment: { newCard: newCard('4242 4242 4242 4242'), saveCard: true } }));
      expect(kept.statusCode).toBe(201);
      expect(removeSpy).toHaveBeenCalledTimes(1);
    } finally {
      removeSpy.mockRestore();
    }
    const cards = await t.db.select().from(paymentCards).where(eq(paymentCards.customerId, member.customer.id));
    expect(cards).toHaveLength(2);
    expect(cards.filter((card) => card.preferred).map((card) => card.id)).toEqual([member.card.id]);
  });

  it('voids the authorisation when the order cannot be written after the card was approved', async () => {
    const { quella, member } = await scenario();
    const cart = await putCart(member, [{ wineId: quella.id, quantity: 2 }]);
    // A failure after authorisation, the way a real one would surface: the database refuses a write.
    await t.db.execute(sql.raw(`create function refuse_order_line() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`));
    await t.db.execute(
      sql.raw(`create trigger refuse_order_line before insert on order_lines for each row when (new.name = '${quella.name}') execute function refuse_order_line()`),
    );
    const before = t.gateway.voidedAuthorizationIds.length;
    try {
      const response = await place(member, orderBody(member, cart.id));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ statusCode: 500, type: 'other', message: 'Sorry, something went wrong' });
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_order_line on order_lines'));
      await t.db.execute(sql.raw('drop function refuse_order_line()'));
    }
    expect(t.gateway.voidedAuthorizationIds).toHaveLength(before + 1);
    expect(await f.stockOf(quella.id)).toBe(12);
    expect(await ordersOf(member.customer.id)).toHaveLength(0);
  });
});

describe('GET /v1/{tenant}/customer/{customerId}/order/{orderId}', () => {
  it("answers 404 for another member's order as for an unknown one, 403 under another member's id", async () => {
    const { member } = await scenario();
    const other = await scenario();
    const cart = await putCart(other.member, [{ wineId: other.quella.id, quantity: 1 }]);
    const theirs = (await place(other.member, orderBody(other.member, cart.id))).json();

    const foreign = await t.app.inject({ method: 'GET', url: `${base(member)}/order/${theirs.id}`, headers: headers(member.token) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This order does not exist' });
    const unknown = await t.app.inject({ method: 'GET', url: `${base(member)}/order/${t.newId()}`, headers: headers(member.token) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This order does not exist' });
    const viaOther = await t.app.inject({ method: 'GET', url: `${base(member, other.member.customer.id)}/order/${theirs.id}`, headers: headers(member.token) });
    expect(viaOther.statusCode).toBe(403);
  });
});

describe('ordering in the OpenAPI document', () => {
  it('documents the cart, quote and order calls with their tag, summary, tenant header and token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const calls: Array<[string, string, string]> = [
      ['put', '/v1/{tenant}/customer/{customerId}/cart', 'cart'],
      ['get', '/v1/{tenant}/customer/{customerId}/cart/{cartId}', 'cart'],
      ['post', '/v1/{tenant}/customer/{customerId}/cart/{cartId}/quote', 'cart'],
      ['post', '/v1/{tenant}/customer/{customerId}/order', 'order'],
      ['get', '/v1/{tenant}/customer/{customerId}/order/{orderId}', 'order'],
    ];
    for (const [method, path, tag] of calls) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual([tag]);
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.security).toEqual([{ memberToken: [] }]);
      expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'tenant', required: true })]));
    }
    expect(Object.keys(doc.paths['/v1/{tenant}/customer/{customerId}/order'].post.responses)).toEqual(
      expect.arrayContaining(['200', '201', '400', '403', '404', '409']),
    );
  });
});
