import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, carts, orderLines, orders } from '../../db/schema/index.js';
import { createOrderingFixtures, ignoreDroppedConnections, RATES, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/*
 * After the order (issue 15, items 8–10): one order read back in full, and bottles added while the
 * offering is open as a second order that points at the first (ADR 017), within the guarantees of
 * ADR 009: never past the member's maximum or the stock, one order and one charge per submission.
 */

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
type Line = { wineId: string; quantity: number };
const headers = (token: string) => ({ tenant: TEST_TENANT, authorization: token });
const base = (m: Member, customerId = m.customer.id) => `/v1/${TEST_TENANT}/customer/${customerId}`;

async function putCart(m: Member, lines: Line[]) {
  const response = await t.app.inject({ method: 'PUT', url: `${base(m)}/cart`, headers: headers(m.token), payload: { allocationId: m.allocation.id, lines } });
  if (response.statusCode !== 200) throw new Error(`cart: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

/** A second cart of the same allocation, written past the cart's checks (another tab, an older client). */
async function extraCart(m: Member, lines: Line[]) {
  const [row] = await t.db.insert(carts).values({ tenantId: TEST_TENANT, customerId: m.customer.id, allocationId: m.allocation.id, lines }).returning();
  return row!.id;
}

const orderBody = (m: Member, cartId: string, overrides: Record<string, unknown> = {}) => ({
  cartId,
  delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: m.address.id },
  billingAddressId: m.address.id,
  payment: { cardId: m.card.id },
  idempotencyKey: f.newKey(),
  ...overrides,
});

const place = (m: Member, body: object) => t.app.inject({ method: 'POST', url: `${base(m)}/order`, headers: headers(m.token), payload: body });
const getOrder = (m: Member, orderId: string, customerId?: string) =>
  t.app.inject({ method: 'GET', url: `${base(m, customerId)}/order/${orderId}`, headers: headers(m.token) });

async function order(m: Member, lines: Line[], overrides: Record<string, unknown> = {}) {
  const response = await place(m, orderBody(m, await putCart(m, lines), overrides));
  if (response.statusCode !== 201) throw new Error(`order: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function bottlesHeld(m: Member, offeringWineId: string) {
  const [row] = await t.db
    .select({ n: sql<string>`coalesce(sum(${orderLines.quantity}), 0)` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.customerId, m.customer.id), eq(orderLines.offeringWineId, offeringWineId), sql`${orders.status} <> 'cancelled'`));
  return Number(row?.n ?? 0);
}

/** The receipts a member received (rendered when sent, ADR 026). */
const confirmations = async (to: string) => (await t.deliveredMail({ to, kind: 'order-confirmation' })).map((mail) => ({ subject: mail.subject, textBody: mail.text }));

/** Quella at $100 (max 3) and Vecina at $60 (max 6), 30 bottles each in the cellar. */
async function scenario(options: { quellaStock?: number; quellaMaximum?: number; orderMinimumCents?: number } = {}) {
  const { offering, wines } = await f.createOpenOffering({
    wines: [
      { name: 'Quella', priceCents: 10_000, stock: options.quellaStock ?? 30 },
      { name: 'Vecina', priceCents: 6_000, stock: 30 },
    ],
    orderMinimumCents: options.orderMinimumCents ?? 0,
  });
  const [quella, vecina] = wines as [(typeof wines)[0], (typeof wines)[0]];
  const member = await f.createMember(offering.id, { [quella.id]: { maximum: options.quellaMaximum ?? 3 }, [vecina.id]: { maximum: 6 } });
  return { offering, quella, vecina, member };
}

describe('GET /v1/{tenant}/customer/{customerId}/order/{orderId}', () => {
  it('reads an order back: lines, the address with its recipient and phone, card, totals, gift message and where it is now', async () => {
    const { offering, quella, vecina, member } = await scenario();
    const gift = await t.createAddress({
      customerId: member.customer.id,
      recipientName: 'Sam Okafor',
      phone: '+1 212 555 0142',
      address1: '88 Bleecker Street',
      address2: 'Apt 4',
      city: 'New York',
      stateCode: 'NY',
      zipCode: '10012',
    });
    const placed = await order(member, [{ wineId: quella.id, quantity: 2 }, { wineId: vecina.id, quantity: 1 }], {
      delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: gift.id },
      giftMessage: '  Happy birthday, Sam!\nWith love, Ada  ',
    });
    // Staff ship it: the member's page shows the carrier's tracking link.
    await t.db
      .update(orders)
      .set({ fulfilmentStatus: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', processingAt: new Date(), shippedAt: new Date() })
      .where(eq(orders.id, placed.id));

    const response = await getOrder(member, placed.id);
    expect(response.statusCode).toBe(200);
    const read = response.json();
    expect(read).toMatchObject({
      id: placed.id,
      number: placed.number,
      offeringName: offering.name,
      lines: [
        { wineId: quella.id, name: quella.name, vintage: 2021, sizeMl: 750, quantity: 2, unitPriceCents: 10_000 },
        { wineId: vecina.id, name: vecina.name, vintage: 2021, sizeMl: 750, quantity: 1, unitPriceCents: 6_000 },
      ],
      // New York: $260 at 8.88 %, six bottles or fewer.
      totals: { subtotalCents: 26_000, shippingCents: RATES.shipUpTo6, taxCents: 2_309, totalCents: 26_000 + RATES.shipUpTo6 + 2_309, shippingLabel: 'shipping', taxLabel: 'salesTax' },
      delivery: {
        method: 'shipping',
        address: ['Sam Okafor', '88 Bleecker Street', 'Apt 4', 'New York, NY 10012', 'United States', '+1 212 555 0142'],
        shippingAddress: {
          recipientName: 'Sam Okafor',
          phone: '+1 212 555 0142',
          address1: '88 Bleecker Street',
          address2: 'Apt 4',
          city: 'New York',
          stateCode: 'NY',
          zipCode: '10012',
          countryCode: 'US',
        },
        pickup: null,
      },
      payment: { brand: 'visa', last4: '4242' },
      giftMessage: 'Happy birthday, Sam!\nWith love, Ada',
      addsTo: null,
      additions: [],
      fulfilment: {
        status: 'shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    });

    // The address book can change; the order keeps what it was sent to.
    await t.db.update(addresses).set({ recipientName: 'Someone Else', phone: null, address1: '1 Other Street' }).where(eq(addresses.id, gift.id));
    expect((await getOrder(member, placed.id)).json().delivery).toEqual(read.delivery);

    // The receipt carries the gift message and the recipient.
    const [mail] = await confirmations(member.customer.email);
    expect(mail!.textBody).toContain('Your gift message: “Happy birthday, Sam!\nWith love, Ada”');
    expect(mail!.textBody).toContain('Shipping to: Sam Okafor, 88 Bleecker Street, Apt 4, New York, NY 10012, United States, +1 212 555 0142');
  });

  it('reads a pick-up order with its place and hours', async () => {
    const { quella, member } = await scenario();
    const placed = await order(member, [{ wineId: quella.id, quantity: 1 }], { delivery: { method: 'pickup', locationId: f.cellar.id } });
    const read = (await getOrder(member, placed.id)).json();
    expect(read.delivery).toEqual({
      method: 'pickup',
      address: [f.cellar.name, f.cellar.address],
      shippingAddress: null,
      pickup: { name: f.cellar.name, address: f.cellar.address, hours: f.cellar.hours },
    });
    expect(read.giftMessage).toBeNull();
  });

  it("answers 404 for another member's order, 400 for an id that is not one, 401 without a token", async () => {
    const { member } = await scenario();
    const other = await scenario();
    const theirs = await order(other.member, [{ wineId: other.quella.id, quantity: 1 }]);

    const foreign = await getOrder(member, theirs.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This order does not exist' });
    // The same answer as an order that never was: nothing tells the two apart.
    expect((await getOrder(member, t.newId())).json()).toEqual(foreign.json());

    const bad = await getOrder(member, 'not-an-order');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, type: 'validationError', errors: [expect.objectContaining({ field: 'orderId' })] });

    const anonymous = await t.app.inject({ method: 'GET', url: `${base(member)}/order/${theirs.id}`, headers: { tenant: TEST_TENANT } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a gift message past 300 characters, writing nothing', async () => {
    const { quella, member } = await scenario();
    const cartId = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    const response = await place(member, orderBody(member, cartId, { giftMessage: 'a'.repeat(301) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'giftMessage', code: 'tooLong', message: 'This text is too long' }]);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, member.customer.id))).toHaveLength(0);
  });
});

describe('adding bottles while the offering is open', () => {
  it('places a second order that points at the first, charged for its own bottles only; both pages and the history say so', async () => {
    const { quella, vecina, member } = await scenario();
    const first = await order(member, [{ wineId: quella.id, quantity: 2 }]);
    const authorisations = t.gateway.authorizationCount;

    const addition = await order(member, [{ wineId: quella.id, quantity: 1 }, { wineId: vecina.id, quantity: 2 }]);
    expect(addition.addsTo).toEqual({ id: first.id, number: first.number });
    expect(addition.additions).toEqual([]);
    // Its own bottles: $220 at 7.25 % plus shipping for three; the first order is charged nothing more.
    expect(addition.totals).toEqual({ subtotalCents: 22_000, shippingCents: RATES.shipUpTo6, taxCents: 1_595, totalCents: 22_000 + RATES.shipUpTo6 + 1_595, shippingLabel: 'shipping', taxLabel: 'salesTax' });
    expect(t.gateway.authorizationCount).toBe(authorisations + 1);
    const [firstRow] = await t.db.select().from(orders).where(eq(orders.id, first.id));
    expect(firstRow!.totalCents).toBe(first.totals.totalCents);

    // The first order names its addition; the addition names the first.
    expect((await getOrder(member, first.id)).json()).toMatchObject({ addsTo: null, additions: [{ id: addition.id, number: addition.number }] });
    expect((await getOrder(member, addition.id)).json()).toMatchObject({ addsTo: { id: first.id, number: first.number } });
    const history = (await t.app.inject({ method: 'GET', url: `${base(member)}/order`, headers: headers(member.token) })).json();
    expect(history.map((row: { id: string; addsTo: unknown }) => [row.id, row.addsTo])).toEqual([
      [addition.id, { id: first.id, number: first.number }],
      [first.id, null],
    ]);

    // The addition's receipt says what it is.
    const mails = await confirmations(member.customer.email);
    expect(mails).toHaveLength(2);
    const additionMail = mails.find((mail) => mail.subject.includes(addition.number))!;
    expect(additionMail.textBody).toContain(
      `Order ${addition.number} adds these bottles to your order ${first.number}: it is charged for them alone, and your first order stays as it was.`,
    );
    expect(mails.find((mail) => mail.subject.includes(first.number))!.textBody).not.toContain('adds these bottles');
  });

  it('cannot go past the maximum less what is already ordered', async () => {
    const { quella, member } = await scenario({ quellaMaximum: 3 });
    await order(member, [{ wineId: quella.id, quantity: 2 }]);

    const tooMany = await place(member, orderBody(member, await extraCart(member, [{ wineId: quella.id, quantity: 2 }])));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([{ field: `lines.${quella.id}`, code: 'aboveMaximum', message: `You can order at most 1 bottle of ${quella.label}.` }]);

    const last = await order(member, [{ wineId: quella.id, quantity: 1 }]);
    expect(last.lines).toEqual([expect.objectContaining({ wineId: quella.id, quantity: 1 })]);
    expect(await bottlesHeld(member, quella.id)).toBe(3);
    // Nothing is left to add.
    const full = await place(member, orderBody(member, await extraCart(member, [{ wineId: quella.id, quantity: 1 }])));
    expect(full.statusCode).toBe(400);
    expect(full.json().errors[0]).toMatchObject({ field: `lines.${quella.id}`, code: 'aboveMaximum' });
  });

  it('six additions at once from six carts, two bottles left: exactly two are placed', async () => {
    const { quella, member } = await scenario({ quellaMaximum: 3 });
    await order(member, [{ wineId: quella.id, quantity: 1 }]);
    const cartIds = await Promise.all(Array.from({ length: 6 }, () => extraCart(member, [{ wineId: quella.id, quantity: 1 }])));
    const authorisations = t.gateway.authorizationCount;

    const answers = await Promise.all(cartIds.map((cartId) => place(member, orderBody(member, cartId))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
      expect(refused.json().errors).toEqual([{ field: `lines.${quella.id}`, code: 'aboveMaximum', message: expect.any(String) }]);
    }
    expect(await bottlesHeld(member, quella.id)).toBe(3);
    expect(t.gateway.authorizationCount).toBe(authorisations + 2);
    expect(await f.stockOf(quella.id)).toBe(27);
  });

  it('additions of many members at once for the last bottles: exactly the stock is sold, the rest told it sold out', async () => {
    const { offering, wines } = await f.createOpenOffering({ wines: [{ name: 'Pluribus', priceCents: 20_000, stock: 12 }] });
    const pluribus = wines[0]!;
    const members = await Promise.all(Array.from({ length: 8 }, () => f.createMember(offering.id, { [pluribus.id]: { maximum: 3 } })));
    // Each has one bottle already: 4 are left for 8 additions of one.
    for (const member of members) await order(member, [{ wineId: pluribus.id, quantity: 1 }]);
    expect(await f.stockOf(pluribus.id)).toBe(4);
    const bodies = await Promise.all(members.map(async (member) => orderBody(member, await putCart(member, [{ wineId: pluribus.id, quantity: 1 }]))));

    const answers = await Promise.all(members.map((member, index) => place(member, bodies[index]!)));
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(4);
    for (const answer of placed) expect(answer.json().addsTo).toEqual(expect.objectContaining({ number: expect.stringMatching(/^AE-/) }));
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().errors).toEqual([{ field: `lines.${pluribus.id}`, code: 'soldOut', message: `Sorry, ${pluribus.label} has just sold out. Please change your order.` }]);
    }
    expect(await f.stockOf(pluribus.id)).toBe(0);
  }, 120_000);

  it('the same addition sent five times at once makes one order and one authorisation', async () => {
    const { quella, member } = await scenario();
    const first = await order(member, [{ wineId: quella.id, quantity: 1 }]);
    const body = orderBody(member, await putCart(member, [{ wineId: quella.id, quantity: 2 }]));
    const authorisations = t.gateway.authorizationCount;

    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => place(member, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(answers[0]!.json().addsTo).toEqual({ id: first.id, number: first.number });
    expect(t.gateway.authorizationCount).toBe(authorisations + 1);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, member.customer.id))).toHaveLength(2);
    expect(await bottlesHeld(member, quella.id)).toBe(3);
    // Sent again later, as a browser that lost the answer would: still that order.
    const late = await place(member, body);
    expect(late.statusCode).toBe(200);
    expect(late.json().id).toBe(answers[0]!.json().id);
  });

  it('two first orders at once from two carts: one is the first, the other adds to it', async () => {
    const { quella, vecina, member } = await scenario();
    const cartIds = [await extraCart(member, [{ wineId: quella.id, quantity: 1 }]), await extraCart(member, [{ wineId: vecina.id, quantity: 1 }])];
    const answers = await Promise.all(cartIds.map((cartId) => place(member, orderBody(member, cartId))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const [a, b] = answers.map((answer) => answer.json());
    const [firstOne, addition] = a.addsTo ? [b, a] : [a, b];
    expect(firstOne.addsTo).toBeNull();
    expect(addition.addsTo).toEqual({ id: firstOne.id, number: firstOne.number });
  });

  it('a cancelled first order does not count: the next order is a first order again, with the whole maximum', async () => {
    const { quella, member } = await scenario({ quellaMaximum: 3 });
    const cancelled = await order(member, [{ wineId: quella.id, quantity: 3 }]);
    await t.db.update(orders).set({ status: 'cancelled', fulfilmentStatus: 'cancelled', cancelledAt: new Date() }).where(eq(orders.id, cancelled.id));

    const fresh = await order(member, [{ wineId: quella.id, quantity: 3 }]);
    expect(fresh.addsTo).toBeNull();
    const addition = await place(member, orderBody(member, await extraCart(member, [{ wineId: quella.id, quantity: 1 }])));
    expect(addition.statusCode).toBe(400);
    expect(addition.json().errors[0]).toMatchObject({ code: 'aboveMaximum' });

    // With the fresh order cancelled too, the next one is first again.
    await t.db.update(orders).set({ status: 'cancelled', fulfilmentStatus: 'cancelled', cancelledAt: new Date() }).where(inArray(orders.id, [fresh.id]));
    const again = await order(member, [{ wineId: quella.id, quantity: 1 }]);
    expect(again.addsTo).toBeNull();
    const more = await order(member, [{ wineId: quella.id, quantity: 1 }]);
    expect(more.addsTo).toEqual({ id: again.id, number: again.number });
  });

  it('holds the order minimum to what the member will hold in all, not to the addition alone', async () => {
    const { quella, vecina, member } = await scenario({ orderMinimumCents: 25_000 });
    const below = await place(member, orderBody(member, await extraCart(member, [{ wineId: quella.id, quantity: 2 }])));
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe('Your order must be a minimum of $250.00');

    await order(member, [{ wineId: quella.id, quantity: 3 }]);
    // $60 on its own, $360 with the first order.
    const addition = await order(member, [{ wineId: vecina.id, quantity: 1 }]);
    expect(addition.totals.subtotalCents).toBe(6_000);
  });

  it('refuses an addition once the offering has closed', async () => {
    const { offering, quella, member } = await scenario();
    await order(member, [{ wineId: quella.id, quantity: 1 }]);
    const cartId = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    await t.db.execute(sql`update offerings set end_date = now() - interval '1 minute' where id = ${offering.id}`);
    const late = await place(member, orderBody(member, cartId));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ statusCode: 409, type: 'conflict', message: 'This offering is closed.' });
  });
});
