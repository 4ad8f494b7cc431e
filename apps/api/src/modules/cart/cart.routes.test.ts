import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, DAY_MS } from '@winery/domain';
import { carts } from '../../db/schema/index.js';
import { createOrderingFixtures, ignoreDroppedConnections, RATES, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

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

const putCart = (m: Member, lines: Array<{ wineId: string; quantity: number }>, allocationId = m.allocation.id, customerId?: string) =>
  t.app.inject({ method: 'PUT', url: `${base(m, customerId)}/cart`, headers: headers(m.token), payload: { allocationId, lines } });

const quote = (m: Member, cartId: string, delivery: unknown) =>
  t.app.inject({ method: 'POST', url: `${base(m)}/cart/${cartId}/quote`, headers: headers(m.token), payload: { delivery } });

const shipTo = (m: Member, countryCode = 'US', shippingAddressId = m.address.id) => ({ method: 'shipping', countryCode, shippingAddressId });

/** An open offering of three wines at $100, $60 and $250, and a member allowed 0–6, 2–4 and 0–1 of them. */
async function scenario(options: { orderMinimumCents?: number; allocationMinimum?: number | null } = {}) {
  const { offering, wines } = await f.createOpenOffering({
    wines: [{ name: 'Quella', priceCents: 10_000 }, { name: 'Vecina', priceCents: 6_000 }, { name: 'St Eden', priceCents: 25_000 }],
    orderMinimumCents: options.orderMinimumCents ?? 0,
  });
  const [quella, vecina, eden] = wines as [typeof wines[0], typeof wines[0], typeof wines[0]];
  const member = await f.createMember(
    offering.id,
    { [quella.id]: { maximum: 6 }, [vecina.id]: { minimum: 2, maximum: 4 }, [eden.id]: { maximum: 1 } },
    { orderMinimumCents: options.allocationMinimum ?? null },
  );
  return { offering, quella, vecina, eden, member };
}

describe('PUT /v1/{tenant}/customer/{customerId}/cart', () => {
  it('creates the cart, then replaces its lines: one cart per member and allocation', async () => {
    const { quella, vecina, member } = await scenario();
    const first = await putCart(member, [{ wineId: quella.id, quantity: 2 }, { wineId: vecina.id, quantity: 0 }]);
    expect(first.statusCode).toBe(200);
    const cart = first.json();
    expect(cart).toEqual({
      id: expect.any(String),
      allocationId: member.allocation.id,
      lines: [{ wineId: quella.id, quantity: 2 }],
      subtotalCents: 20_000,
      updatedAt: expect.any(String),
    });

    // A wine chosen twice counts once, summed; zero quantities are dropped.
    const second = await putCart(member, [{ wineId: vecina.id, quantity: 1 }, { wineId: quella.id, quantity: 1 }, { wineId: vecina.id, quantity: 2 }]);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: cart.id, lines: [{ wineId: vecina.id, quantity: 3 }, { wineId: quella.id, quantity: 1 }], subtotalCents: 28_000 });
    const rows = await t.db.select().from(carts).where(eq(carts.allocationId, member.allocation.id));
    expect(rows).toHaveLength(1);
  });

  it('makes one cart when two PUTs arrive at the same time', async () => {
    const { quella, member } = await scenario();
    const answers = await Promise.all([1, 2, 3, 4].map((quantity) => putCart(member, [{ wineId: quella.id, quantity }])));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await t.db.select().from(carts).where(eq(carts.allocationId, member.allocation.id))).toHaveLength(1);
  });

  it('names each wine outside its limits: below the minimum, above the maximum, not in the allocation', async () => {
    const { quella, vecina, eden, member } = await scenario();
    const stranger = await f.createOpenOffering({ wines: [{ name: 'Melbury' }] });
    const response = await putCart(member, [
      { wineId: quella.id, quantity: 7 },
      { wineId: vecina.id, quantity: 1 },
      { wineId: eden.id, quantity: 1 },
      { wineId: stranger.wines[0]!.id, quantity: 1 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'Please check the highlighted fields',
      errors: [
        { field: `lines.${quella.id}`, code: 'aboveMaximum', message: `You can order at most 6 bottles of ${quella.label}.` },
        { field: `lines.${vecina.id}`, code: 'belowMinimum', message: `Please choose at least 2 bottles of ${vecina.label}, or none.` },
        { field: `lines.${stranger.wines[0]!.id}`, code: 'unknownWine', message: 'This wine is not part of your allocation.' },
      ],
    });
  });

  it("refuses an order below the offering's minimum: 'Your order must be a minimum of $300.00'", async () => {
    const { quella, member } = await scenario({ orderMinimumCents: 30_000 });
    const response = await putCart(member, [{ wineId: quella.id, quantity: 2 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'Your order must be a minimum of $300.00',
      errors: [{ field: 'lines', code: 'orderMinimum', message: 'Your order must be a minimum of $300.00' }],
    });
    expect((await putCart(member, [{ wineId: quella.id, quantity: 3 }])).statusCode).toBe(200);
  });

  it("applies the member's own order minimum over the offering's", async () => {
    const { quella, member } = await scenario({ orderMinimumCents: 30_000, allocationMinimum: 50_000 });
    const response = await putCart(member, [{ wineId: quella.id, quantity: 4 }]);
    expect(response.json().message).toBe('Your order must be a minimum of $500.00');
    expect((await putCart(member, [{ wineId: quella.id, quantity: 5 }])).statusCode).toBe(200);
  });

  it("refuses a combination the winery's rules forbid", async () => {
    const { offering, wines } = await f.createOpenOffering({
      wines: [{ name: 'Grand Vin' }, { name: 'Second Wine' }],
      combinations: ([grand, second]) => [{ wineId: grand!, requiresWineId: second!, quantity: 2 }],
    });
    const [grand, second] = wines as [typeof wines[0], typeof wines[0]];
    const member = await f.createMember(offering.id, { [grand.id]: { maximum: 3 }, [second.id]: { maximum: 6 } });
    const response = await putCart(member, [{ wineId: grand.id, quantity: 1 }, { wineId: second.id, quantity: 1 }]);
    expect(response.statusCode).toBe(400);
    // The seed's sentence for the whole choice, and beside the wine the rule binds, what it needs.
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'Invalid allocation combination. Please contact us.',
      errors: [
        { field: 'lines', code: 'invalidCombination', message: 'Invalid allocation combination. Please contact us.' },
        { field: `lines.${grand.id}`, code: 'invalidCombination', message: `${grand.label} needs at least 2 bottles of ${second.label} with it.` },
      ],
    });
    expect((await putCart(member, [{ wineId: grand.id, quantity: 1 }, { wineId: second.id, quantity: 2 }])).statusCode).toBe(200);
    // The rule binds only whoever takes the grand vin.
    expect((await putCart(member, [{ wineId: second.id, quantity: 1 }])).statusCode).toBe(200);
  });

  it('refuses a cart without a bottle', async () => {
    const { quella, member } = await scenario();
    const response = await putCart(member, [{ wineId: quella.id, quantity: 0 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'lines', code: 'emptySelection', message: 'Please choose at least one bottle.' }]);
  });

  it("answers 404 'This allocation does not exist' for someone else's allocation or an unknown one", async () => {
    const { quella, member } = await scenario();
    const other = await scenario();
    for (const allocationId of [other.member.allocation.id, t.newId()]) {
      const response = await putCart(member, [{ wineId: quella.id, quantity: 1 }], allocationId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This allocation does not exist' });
    }
  });

  it("answers 403 through another member's id, before looking anything up", async () => {
    const { quella, member } = await scenario();
    const other = await scenario();
    const response = await putCart(member, [{ wineId: quella.id, quantity: 1 }], other.member.allocation.id, other.member.customer.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
  });

  it("answers 409 'This offering is not open for you yet.' before the start, 'This offering is closed.' after the end and once cancelled", async () => {
    const now = Date.now();
    const closed = 'This offering is closed.';
    const windows = [
      { startDate: new Date(now + 2 * DAY_MS), endDate: new Date(now + 20 * DAY_MS), message: 'This offering is not open for you yet.' },
      { startDate: new Date(now - 20 * DAY_MS), endDate: new Date(now - 1000), message: closed },
      { startDate: new Date(now - 2 * DAY_MS), endDate: new Date(now + 20 * DAY_MS), cancelledAt: new Date(now - 1000), message: closed },
      // Cancelled before it started: closed, not still to come.
      { startDate: new Date(now + 2 * DAY_MS), endDate: new Date(now + 20 * DAY_MS), cancelledAt: new Date(now - 1000), message: closed },
    ];
    for (const { message, ...window } of windows) {
      const { offering, wines } = await f.createOpenOffering({ wines: [{}], ...window });
      const member = await f.createMember(offering.id, { [wines[0]!.id]: { maximum: 3 } });
      const response = await putCart(member, [{ wineId: wines[0]!.id, quantity: 1 }]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ statusCode: 409, type: 'conflict', message });
    }
    // A cancellation still to come does not close it yet.
    const { offering, wines } = await f.createOpenOffering({ wines: [{}], cancelledAt: new Date(now + 3 * DAY_MS) });
    const member = await f.createMember(offering.id, { [wines[0]!.id]: { maximum: 3 } });
    expect((await putCart(member, [{ wineId: wines[0]!.id, quantity: 1 }])).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const { quella, member } = await scenario();
    const response = await t.app.inject({
      method: 'PUT',
      url: `${base(member)}/cart`,
      headers: { tenant: TEST_TENANT },
      payload: { allocationId: member.allocation.id, lines: [{ wineId: quella.id, quantity: 1 }] },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT …/cart with draft: the choice saved as the member types', () => {
  const putDraft = (m: Member, lines: Array<{ wineId: string; quantity: number }>) =>
    t.app.inject({ method: 'PUT', url: `${base(m)}/cart`, headers: headers(m.token), payload: { allocationId: m.allocation.id, lines, draft: true } });

  it('keeps an unfinished choice: nothing yet, a minimum not met, the order minimum and a combination still to come', async () => {
    const { offering, wines } = await f.createOpenOffering({
      wines: [{ name: 'Grand Vin', priceCents: 10_000 }, { name: 'Second Wine', priceCents: 5_000 }],
      orderMinimumCents: 50_000,
      combinations: ([grand, second]) => [{ wineId: grand!, requiresWineId: second!, quantity: 3 }],
    });
    const [grand, second] = wines as [typeof wines[0], typeof wines[0]];
    const member = await f.createMember(offering.id, { [grand.id]: { maximum: 2 }, [second.id]: { minimum: 2, maximum: 6 } });

    const empty = await putDraft(member, []);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ allocationId: member.allocation.id, lines: [], subtotalCents: 0 });

    const unfinished = await putDraft(member, [{ wineId: grand.id, quantity: 1 }, { wineId: second.id, quantity: 1 }]);
    expect(unfinished.statusCode).toBe(200);
    expect(unfinished.json()).toMatchObject({ id: empty.json().id, lines: [{ wineId: grand.id, quantity: 1 }, { wineId: second.id, quantity: 1 }], subtotalCents: 15_000 });

    // Going on to pay checks everything, and says each problem once.
    const full = await putCart(member, [{ wineId: grand.id, quantity: 1 }, { wineId: second.id, quantity: 1 }]);
    expect(full.statusCode).toBe(400);
    expect(full.json().errors.map((error: { field: string; code: string }) => `${error.field} ${error.code}`)).toEqual([
      `lines.${second.id} belowMinimum`,
      'lines invalidCombination',
      `lines.${grand.id} invalidCombination`,
      'lines orderMinimum',
    ]);
  });

  it('still refuses more than the maximum and a wine outside the allocation, and keeps the saved choice', async () => {
    const { quella, member } = await scenario();
    const stranger = await f.createOpenOffering({ wines: [{ name: 'Melbury' }] });
    const kept = (await putDraft(member, [{ wineId: quella.id, quantity: 2 }])).json();
    const over = await putDraft(member, [{ wineId: quella.id, quantity: 7 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([{ field: `lines.${quella.id}`, code: 'aboveMaximum', message: `You can order at most 6 bottles of ${quella.label}.` }]);
    const foreign = await putDraft(member, [{ wineId: stranger.wines[0]!.id, quantity: 1 }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ field: `lines.${stranger.wines[0]!.id}`, code: 'unknownWine', message: 'This wine is not part of your allocation.' }]);
    const cart = await t.app.inject({ method: 'GET', url: `${base(member)}/cart/${kept.id}`, headers: headers(member.token) });
    expect(cart.json().lines).toEqual([{ wineId: quella.id, quantity: 2 }]);
  });

  it('is refused once the offering has closed', async () => {
    const now = Date.now();
    const { offering, wines } = await f.createOpenOffering({ wines: [{}], startDate: new Date(now - 20 * DAY_MS), endDate: new Date(now - 1000) });
    const member = await f.createMember(offering.id, { [wines[0]!.id]: { maximum: 3 } });
    const response = await putDraft(member, [{ wineId: wines[0]!.id, quantity: 1 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This offering is closed.');
  });
});

describe('GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/cart', () => {
  const cartOfAllocation = (m: Member, allocationId = m.allocation.id, customerId = m.customer.id) =>
    t.app.inject({ method: 'GET', url: `${base(m, customerId)}/allocation/${allocationId}/cart`, headers: headers(m.token) });

  it("finds the member's cart of the allocation (another device has no cartId), 204 and no body while there is none", async () => {
    const { quella, member } = await scenario();
    // No choice yet is an ordinary answer, not a failed request a browser would log.
    const none = await cartOfAllocation(member);
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const saved = (await putCart(member, [{ wineId: quella.id, quantity: 3 }])).json();
    const found = await cartOfAllocation(member);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(saved);
  });

  it("answers 404 for another member's allocation through one's own id, and 403 through theirs", async () => {
    const { member } = await scenario();
    const other = await scenario();
    await putCart(other.member, [{ wineId: other.quella.id, quantity: 1 }]);
    const mine = await cartOfAllocation(member, other.member.allocation.id);
    expect(mine.statusCode).toBe(404);
    expect(mine.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This allocation does not exist' });
    expect((await cartOfAllocation(member, t.newId())).statusCode).toBe(404);
    const theirs = await cartOfAllocation(member, other.member.allocation.id, other.member.customer.id);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ statusCode: 403, type: 'forbidden' });
  });
});

describe('choosing again after an order, while the offering is open', () => {
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

  it('forgets the cart an order was placed from, then keeps the next choice up to what the maximum leaves', async () => {
    const { quella, member } = await scenario({ orderMinimumCents: 30_000 });
    const first = (await putCart(member, [{ wineId: quella.id, quantity: 3 }])).json();
    expect((await order(member, first.id)).statusCode).toBe(201);

    // Its bottles are in the order now (placing it deleted the cart): neither by id nor by allocation is it offered again.
    expect((await t.app.inject({ method: 'GET', url: `${base(member)}/cart/${first.id}`, headers: headers(member.token) })).statusCode).toBe(404);
    const gone = await t.app.inject({ method: 'GET', url: `${base(member)}/allocation/${member.allocation.id}/cart`, headers: headers(member.token) });
    expect(gone.statusCode).toBe(204);

    // 6 allowed, 3 ordered: 3 more at most.
    const over = await putCart(member, [{ wineId: quella.id, quantity: 4 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([{ field: `lines.${quella.id}`, code: 'aboveMaximum', message: `You can order at most 3 bottles of ${quella.label}.` }]);
    // One $100 bottle is below the $300 minimum alone, but the member will then hold $400.
    const more = await putCart(member, [{ wineId: quella.id, quantity: 1 }]);
    expect(more.statusCode).toBe(200);
    const found = await t.app.inject({ method: 'GET', url: `${base(member)}/allocation/${member.allocation.id}/cart`, headers: headers(member.token) });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ lines: [{ wineId: quella.id, quantity: 1 }], subtotalCents: 10_000 });
    expect((await order(member, more.json().id)).statusCode).toBe(201);
  });

  it('still holds a first order alone to the minimum', async () => {
    const { quella, member } = await scenario({ orderMinimumCents: 30_000 });
    const response = await putCart(member, [{ wineId: quella.id, quantity: 2 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your order must be a minimum of $300.00');
  });
});

describe('GET /v1/{tenant}/customer/{customerId}/cart/{cartId}', () => {
  it("answers the member's cart, 403 for another member's and 404 for an unknown one", async () => {
    const { quella, member } = await scenario();
    const other = await scenario();
    const mine = (await putCart(member, [{ wineId: quella.id, quantity: 3 }])).json();
    const theirs = (await putCart(other.member, [{ wineId: other.quella.id, quantity: 1 }])).json();

    const own = await t.app.inject({ method: 'GET', url: `${base(member)}/cart/${mine.id}`, headers: headers(member.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(mine);

    const foreign = await t.app.inject({ method: 'GET', url: `${base(member)}/cart/${theirs.id}`, headers: headers(member.token) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ statusCode: 403, type: 'forbidden', message: 'This cart belongs to another member' });

    const unknown = await t.app.inject({ method: 'GET', url: `${base(member)}/cart/${t.newId()}`, headers: headers(member.token) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This cart does not exist' });
  });
});

describe('POST /v1/{tenant}/customer/{customerId}/cart/{cartId}/quote', () => {
  async function cartOf(bottles = 2) {
    const s = await scenario();
    const cart = (await putCart(s.member, [{ wineId: s.quella.id, quantity: bottles }])).json();
    return { ...s, cart };
  }

  it('ships to a Californian address at its rates; the totals are the domain’s computeTotals', async () => {
    const { member, cart } = await cartOf(2);
    const response = await quote(member, cart.id, shipTo(member));
    expect(response.statusCode).toBe(200);
    const expected = computeTotals({
      subtotalCents: 20_000,
      bottles: 2,
      delivery: { method: 'shipping', destination: { countryCode: 'US', stateCode: 'CA' } },
      tables: {
        taxRates: [{ countryCode: 'US', stateCode: 'CA', rateBasisPoints: RATES.taxCA, includesDuties: false }],
        shippingRates: [{ countryCode: 'US', stateCode: null, minBottles: 1, maxBottles: 6, priceCents: RATES.shipUpTo6, includesDuties: false }],
        restrictions: [],
      },
    });
    expect(expected.ok).toBe(true);
    expect(response.json()).toEqual({ totals: expected.ok ? expected.totals : null, notice: null });
    expect(response.json().totals).toEqual({
      subtotalCents: 20_000,
      shippingCents: 4_500,
      taxCents: 1_450,
      totalCents: 25_950,
      shippingLabel: 'shipping',
      taxLabel: 'salesTax',
    });
  });

  it('changes shipping band at the seventh bottle and falls back to the country tax rate', async () => {
    const s = await scenario();
    const cart = (await putCart(s.member, [{ wineId: s.quella.id, quantity: 6 }, { wineId: s.eden.id, quantity: 1 }])).json();
    const oregon = await t.createAddress({ customerId: s.member.customer.id, stateCode: 'OR', city: 'Portland', zipCode: '97201' });
    const response = await quote(s.member, cart.id, shipTo(s.member, 'US', oregon.id));
    expect(response.json().totals).toEqual({
      subtotalCents: 85_000,
      shippingCents: RATES.shipFrom7,
      taxCents: 5_100,
      totalCents: 97_600,
      shippingLabel: 'shipping',
      taxLabel: 'salesTax',
    });
  });

  it("abroad: shipping and duties, tax and duties, and the country's shipping notice", async () => {
    const { member, cart } = await cartOf(2);
    const london = await t.createAddress({ customerId: member.customer.id, countryCode: 'GB', stateCode: null, city: 'London', zipCode: 'SW1A 1AA' });
    const response = await quote(member, cart.id, shipTo(member, 'GB', london.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totals: { subtotalCents: 20_000, shippingCents: RATES.shipGB, taxCents: 4_000, totalCents: 42_000, shippingLabel: 'shippingAndDuties', taxLabel: 'taxAndDuties' },
      notice: RATES.noticeGB,
    });
  });

  it('at pick-up: no shipping charge, tax where the wine is collected', async () => {
    const { member, cart } = await cartOf(2);
    const response = await quote(member, cart.id, { method: 'pickup', locationId: f.room.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totals: { subtotalCents: 20_000, shippingCents: 0, taxCents: 1_776, totalCents: 21_776, shippingLabel: 'shipping', taxLabel: 'salesTax' },
      notice: null,
    });
  });

  it("answers 'Please select an address' for a missing address or another member's", async () => {
    const { member, cart } = await cartOf();
    const other = await cartOf();
    for (const shippingAddressId of [other.member.address.id, t.newId()]) {
      const response = await quote(member, cart.id, shipTo(member, 'US', shippingAddressId));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        type: 'validationError',
        message: 'Please select an address',
        errors: [{ field: 'delivery.shippingAddressId', code: 'selectAddress', message: 'Please select an address' }],
      });
    }
    const none = await quote(member, cart.id, { method: 'shipping', countryCode: 'US' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ field: 'delivery.shippingAddressId', code: 'selectAddress', message: 'Please select an address' }]);
  });

  it('refuses an address outside the country chosen in the step before', async () => {
    const { member, cart } = await cartOf();
    const response = await quote(member, cart.id, shipTo(member, 'GB'));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'delivery.shippingAddressId',
        code: 'addressCountryMismatch',
        message: 'The address country must match the country selected in the previous step',
      },
    ]);
  });

  it("answers 'Sorry, we cannot ship to Utah.' for a destination that cannot receive wine", async () => {
    const { member, cart } = await cartOf();
    const utah = await t.createAddress({ customerId: member.customer.id, stateCode: 'UT', city: 'Salt Lake City', zipCode: '84101' });
    const response = await quote(member, cart.id, shipTo(member, 'US', utah.id));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'Sorry, we cannot ship to Utah.',
      errors: [{ field: 'delivery.shippingAddressId', code: 'cannotShip', message: 'Sorry, we cannot ship to Utah.' }],
    });
  });

  it('says so when a destination has no rate, rather than charging a wrong amount', async () => {
    const { member, cart } = await cartOf();
    const paris = await t.createAddress({ customerId: member.customer.id, countryCode: 'FR', stateCode: null, city: 'Paris', zipCode: '75001' });
    const response = await quote(member, cart.id, shipTo(member, 'FR', paris.id));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'delivery.shippingAddressId', code: 'noRate', message: 'We cannot deliver to this address yet. Please choose another address or contact us.' },
    ]);
  });

  it('accepts only pick-up locations of the producer', async () => {
    const { member, cart } = await cartOf();
    for (const locationId of [f.closedStore.id, t.newId()]) {
      const response = await quote(member, cart.id, { method: 'pickup', locationId });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'delivery.locationId', code: 'selectPickupLocation', message: 'Please choose a pick-up location' }]);
    }
  });

  it("answers 403 for another member's cart and 404 for an unknown one", async () => {
    const { member } = await cartOf();
    const other = await cartOf();
    const foreign = await quote(member, other.cart.id, shipTo(member));
    expect(foreign.statusCode).toBe(403);
    const unknown = await quote(member, t.newId(), shipTo(member));
    expect(unknown.statusCode).toBe(404);
  });
});
