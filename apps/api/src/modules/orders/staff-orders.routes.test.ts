import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, mailQueue, orders } from '../../db/schema/index.js';
import { createOrderingFixtures, ignoreDroppedConnections, type OrderingFixtures } from '../../testing/ordering-fixtures.js';
import { createStaffOrderFixtures } from '../../testing/staff-order-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let f: OrderingFixtures;
let place: ReturnType<typeof createStaffOrderFixtures>['placeOrder'];
let manager: string;
let viewer: string;
let managerId: string;
let offering: Awaited<ReturnType<OrderingFixtures['createOpenOffering']>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createOrderingFixtures(t);
  place = createStaffOrderFixtures(t, f).placeOrder;
  const managerUser = await t.createStaffUser({ role: 'manager' });
  managerId = managerUser.id;
  manager = await t.signInStaff(managerUser.email);
  viewer = await t.signInStaff((await t.createStaffUser({ role: 'viewer' })).email);
  offering = await f.createOpenOffering({ wines: [{ name: 'Melbury', priceCents: 9_000, stock: 50, roomStock: 10 }, { name: 'Quella', priceCents: 4_000, stock: 50 }] });
});
afterAll(async () => {
  ignoreDroppedConnections(t);
  await t?.close();
});

const headers = (token: string) => ({ tenant: TEST_TENANT, authorization: token });
const setStatus = (orderId: string, body: object, token = manager) =>
  t.app.inject({ method: 'POST', url: `/v1/staff/orders/${orderId}/status`, headers: headers(token), payload: body });
const getOrder = (orderId: string) => t.app.inject({ method: 'GET', url: `/v1/staff/orders/${orderId}`, headers: headers(viewer) });
const queued = (to: string, kind: string) =>
  t.db.select().from(mailQueue).where(and(eq(mailQueue.toAddress, to), eq(mailQueue.kind, kind)));
const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
/** What the gateway took for an authorisation (undefined: nothing). */
const capturedOf = (authorizationId: string | null) => t.gateway.captures.filter((capture) => capture.authorizationId === authorizationId);
const memberOrder = (m: { customer: { id: string }; token: string }, orderId: string) =>
  t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/order/${orderId}`, headers: headers(m.token) });

async function member(limits = 24) {
  return f.createMember(offering.offering.id, { [offering.wines[0]!.id]: { maximum: limits }, [offering.wines[1]!.id]: { maximum: limits } });
}

describe('the receipt e-mail', () => {
  it('is queued with the order, in its transaction, as its data; rendered when sent: lines, totals, delivery and card, nothing secret', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 2 }, { wineId: offering.wines[1]!.id, quantity: 1 }]);
    // Queued with the order as the template's data (mail.service.test.ts), rendered when sent.
    const [mail, ...again] = await t.deliveredMail({ to: m.customer.email, kind: 'order-confirmation' });
    expect(again).toHaveLength(0);
    const [row, ...more] = await queued(m.customer.email, 'order-confirmation');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your order ${order.number} is confirmed`);
    expect(mail!.text).toContain(`2 bottles of ${offering.wines[0]!.label} (750 ml) at $90.00 each: $180.00`);
    expect(mail!.text).toContain(`1 bottle of ${offering.wines[1]!.label} (750 ml) at $40.00: $40.00`);
    expect(mail!.text).toContain('Subtotal: $220.00');
    expect(mail!.text).toContain(`Total: $${(order.totals.totalCents / 100).toFixed(2)}`);
    expect(mail!.text).toContain('Shipping to: ');
    expect(mail!.text).toMatch(/Your \w+ ending in \d{4} is authorized for \$[\d,.]+: it is charged when your order ships\./);
    expect(mail!.html).toContain('Subtotal: $220.00');
    // Once sent, the row keeps what was sent, as for any other mail, and no longer the data.
    const [sent] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, row!.id));
    expect(sent).toMatchObject({ status: 'sent', subject: mail!.subject, textBody: mail!.text, htmlBody: mail!.html, template: null });
  });

  it('is not queued when the order is refused', async () => {
    const low = await f.createOpenOffering({ wines: [{ name: 'Rare', stock: 1 }] });
    const m = await f.createMember(low.offering.id, { [low.wines[0]!.id]: { maximum: 6 } });
    await expect(place(m, [{ wineId: low.wines[0]!.id, quantity: 2 }])).rejects.toThrow(/order: 409/);
    expect(await queued(m.customer.email, 'order-confirmation')).toHaveLength(0);
  });
});

describe('POST /v1/staff/orders/:orderId/status', () => {
  it('ships an order with its tracking number, once: the card is charged, the member is e-mailed the tracking link and their page says shipped', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 1 }]);
    const { authorizationId } = await orderRow(order.id);
    const processing = await setStatus(order.id, { status: 'processing' });
    // Being prepared is not yet prepared: the card is only held.
    expect(processing.json()).toMatchObject({ payment: { status: 'authorized' }, timeline: { capturedAt: null } });
    expect(capturedOf(authorizationId)).toEqual([]);
    expect((await memberOrder(m, order.id)).json().payment).toEqual({ brand: 'visa', last4: '4242', status: 'authorized' });
    const shipped = await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      fulfilment: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', nextSteps: [] },
      payment: { status: 'captured' },
      timeline: { processingAt: expect.any(String), shippedAt: expect.any(String), capturedAt: shipped.json().timeline.shippedAt, cancelledAt: null },
    });
    // The order's total, taken once at the gateway; the hold is no longer open.
    expect(capturedOf(authorizationId)).toEqual([{ authorizationId, amountCents: order.totals.totalCents }]);
    expect(await t.gateway.listOpenAuthorizations(new Date(0))).not.toContainEqual(expect.objectContaining({ authorizationId }));
    // Again: the same answer, nothing new.
    const again = await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ payment: { status: 'captured' }, timeline: { capturedAt: shipped.json().timeline.capturedAt } });
    const mails = await t.deliveredMail({ to: m.customer.email, kind: 'order-shipped' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('UPS tracking number: 1Z999AA10123456784');
    expect(mails[0]!.text).toContain(`We have now charged $${(order.totals.totalCents / 100).toFixed(2)} to your Visa ending in 4242 for it.`);
    expect(mails[0]!.links).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    // A mistyped number corrected: kept, and the member gets the right link.
    const corrected = await setStatus(order.id, { status: 'shipped', carrier: 'FedEx', trackingNumber: '123456789012' });
    expect(corrected.json().fulfilment).toMatchObject({ status: 'shipped', carrier: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012' });
    const after = await t.deliveredMail({ to: m.customer.email, kind: 'order-shipped' });
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain('FedEx tracking number: 123456789012');
    // The correction charged nothing, and does not say it did.
    expect(after[1]!.text).not.toContain('charged');
    // Neither the repeat nor the correction charged the card again.
    expect(capturedOf(authorizationId)).toHaveLength(1);

    const list = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/order`, headers: headers(m.token) });
    expect(list.json()).toEqual([expect.objectContaining({ number: order.number, fulfilment: expect.objectContaining({ status: 'shipped', carrier: 'FedEx', trackingNumber: '123456789012' }) })]);
    const one = await memberOrder(m, order.id);
    expect(one.json()).toMatchObject({ fulfilment: { status: 'shipped', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012' }, payment: { status: 'captured' } });

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entries.map((entry) => [entry.action, entry.staffUserId])).toEqual([
      ['order.processing', managerId],
      ['order.shipped', managerId],
      ['order.tracking', managerId],
    ]);
    expect(entries[1]!.before).toMatchObject({ fulfilmentStatus: 'processing' });
    expect(entries[1]!.before).toMatchObject({ paymentStatus: 'authorized' });
    expect(entries[1]!.after).toMatchObject({ fulfilmentStatus: 'shipped', trackingNumber: '1Z999AA10123456784', paymentStatus: 'captured' });
  });

  it('refuses illegal moves with a clear message, and shipping without a carrier and number', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 1 }]);
    const early = await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z1' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ type: 'conflict', message: 'An order that is placed cannot be shipped yet.' });
    expect((await setStatus(order.id, { status: 'ready_for_pickup' })).json().message).toBe('An order to be shipped cannot be made ready for pick-up.');
    await setStatus(order.id, { status: 'processing' });
    const missing = await setStatus(order.id, { status: 'shipped', carrier: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'carrier', code: 'carrierRequired', message: 'Please enter the carrier.' },
      { field: 'trackingNumber', code: 'trackingNumberRequired', message: 'Please enter the tracking number.' },
    ]);
    await setStatus(order.id, { status: 'shipped', carrier: 'Valley Couriers', trackingNumber: 'VC-1' });
    const cancel = await setStatus(order.id, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('An order that was shipped cannot be cancelled.');
    expect((await getOrder(order.id)).json()).toMatchObject({ fulfilment: { status: 'shipped', trackingUrl: null }, payment: { status: 'captured' } });
    expect(t.gateway.voidedAuthorizationIds).toHaveLength(0);
    expect(t.gateway.refunds).toHaveLength(0);
  });

  it('takes a pick-up order to ready (charging the card, mailing the place and its hours) and picked up', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 2 }], { pickupAt: f.room.id });
    const { authorizationId } = await orderRow(order.id);
    expect((await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z1' })).json().message).toBe('An order for pick-up cannot be shipped.');
    await setStatus(order.id, { status: 'processing' });
    const ready = await setStatus(order.id, { status: 'ready_for_pickup' });
    expect(ready.json()).toMatchObject({
      fulfilment: { status: 'ready_for_pickup', nextSteps: ['picked_up', 'cancelled'] },
      delivery: { pickupLocation: { name: 'City Tasting Room' } },
      payment: { status: 'captured' },
      timeline: { capturedAt: ready.json().timeline.readyForPickupAt },
    });
    expect(capturedOf(authorizationId)).toEqual([{ authorizationId, amountCents: order.totals.totalCents }]);
    expect((await setStatus(order.id, { status: 'ready_for_pickup' })).statusCode).toBe(200);
    const [mail] = await t.deliveredMail({ to: m.customer.email, kind: 'order-ready-for-pickup' });
    expect(mail!.text).toContain('is ready for pick-up at City Tasting Room');
    expect(mail!.text).toContain('Opening hours: Thu–Sat 12–7');
    expect(mail!.text).toContain(`We have now charged $${(order.totals.totalCents / 100).toFixed(2)} to your Visa ending in 4242 for it.`);
    const page = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/order`, headers: headers(m.token) });
    expect(page.json()[0].fulfilment).toMatchObject({ status: 'ready_for_pickup', pickupLocation: { name: 'City Tasting Room', hours: 'Thu–Sat 12–7' } });
    expect((await setStatus(order.id, { status: 'picked_up' })).json()).toMatchObject({ fulfilment: { status: 'picked_up' }, payment: { status: 'captured' }, timeline: { pickedUpAt: expect.any(String) } });
    // Charged when it was ready, not again when it was collected.
    expect(capturedOf(authorizationId)).toHaveLength(1);
    expect((await memberOrder(m, order.id)).json().payment.status).toBe('captured');
  });

  it('cancels once when two cancels arrive at once: bottles back where they came from, one void, one e-mail', async () => {
    const m = await member();
    const roomBefore = await f.stockOf(offering.wines[0]!.id, f.room.id);
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 3 }], { pickupAt: f.room.id });
    expect(await f.stockOf(offering.wines[0]!.id, f.room.id)).toBe(roomBefore! - 3);
    const cellarBefore = await f.stockOf(offering.wines[0]!.id);
    const voidsBefore = t.gateway.voidedAuthorizationIds.length;

    const answers = await Promise.all([setStatus(order.id, { status: 'cancelled' }), setStatus(order.id, { status: 'cancelled' }), setStatus(order.id, { status: 'cancelled' })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers[2]!.json()).toMatchObject({ fulfilment: { status: 'cancelled', nextSteps: [] }, payment: { status: 'voided' } });

    expect(await f.stockOf(offering.wines[0]!.id, f.room.id)).toBe(roomBefore);
    expect(await f.stockOf(offering.wines[0]!.id)).toBe(cellarBefore);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', fulfilmentStatus: 'cancelled', paymentStatus: 'voided', cancelledAt: expect.any(Date) });
    expect(t.gateway.voidedAuthorizationIds.slice(voidsBefore)).toEqual([row!.authorizationId]);
    expect(await t.gateway.listOpenAuthorizations(new Date(0))).not.toContainEqual(expect.objectContaining({ authorizationId: row!.authorizationId }));
    const mails = await t.deliveredMail({ to: m.customer.email, kind: 'order-cancelled' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`The hold of $${(order.totals.totalCents / 100).toFixed(2)} on your`);
    expect((await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.cancelled')))).length).toBe(1);
    // The member's side agrees, and the bottles can be ordered again.
    const page = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/order`, headers: headers(m.token) });
    expect(page.json()[0]).toMatchObject({ status: 'cancelled', fulfilment: { status: 'cancelled' } });
    expect((await setStatus(order.id, { status: 'processing' })).json().message).toBe('An order that was cancelled cannot be marked processing.');
  });

  it('takes an order cancelled before fulfilment existed as cancelled: nothing is returned or voided again', async () => {
    const m = await member();
    const legacy = await t.createOrder({ customerId: m.customer.id, allocationId: m.allocation.id, number: `AE-L${Date.now()}`, status: 'cancelled' });
    const voids = t.gateway.voidedAuthorizationIds.length;
    const again = await setStatus(legacy.id, { status: 'cancelled' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ fulfilment: { status: 'cancelled', nextSteps: [] } });
    expect((await setStatus(legacy.id, { status: 'processing' })).statusCode).toBe(409);
    expect(t.gateway.voidedAuthorizationIds).toHaveLength(voids);
  });

  it('answers 404 for an unknown order or another tenant\'s, and 403 to a viewer', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 1 }]);
    expect((await setStatus(order.id, { status: 'processing' }, viewer)).statusCode).toBe(403);
    expect((await setStatus(t.newId(), { status: 'processing' })).statusCode).toBe(404);
    const otherTenant = await t.createTenant();
    const stranger = await t.signInStaff((await t.createStaffUser({ tenantId: otherTenant, role: 'manager' })).email, undefined, otherTenant);
    const foreign = await t.app.inject({ method: 'POST', url: `/v1/staff/orders/${order.id}/status`, headers: { tenant: otherTenant, authorization: stranger }, payload: { status: 'processing' } });
    expect(foreign.statusCode).toBe(404);
    expect((await getOrder(order.id)).json().fulfilment.status).toBe('placed');
  });
});

describe('the payment, taken when the order is prepared (ADR 025)', () => {
  it('captures once when two requests ship the same order at once: one charge, one e-mail, one audit entry', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[1]!.id, quantity: 2 }]);
    const { authorizationId } = await orderRow(order.id);
    await setStatus(order.id, { status: 'processing' });
    const body = { status: 'shipped', carrier: 'USPS', trackingNumber: '9400111899223197428490' };
    const answers = await Promise.all([setStatus(order.id, body), setStatus(order.id, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().payment.status)).toEqual(['captured', 'captured']);
    expect(capturedOf(authorizationId)).toEqual([{ authorizationId, amountCents: order.totals.totalCents }]);
    expect(await t.deliveredMail({ to: m.customer.email, kind: 'order-shipped' })).toHaveLength(1);
    expect((await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.shipped')))).length).toBe(1);
  });

  it('refuses the move when the gateway refuses the charge: 409 in words, and the order, payment, e-mails and audit as they were', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 1 }]);
    const { authorizationId } = await orderRow(order.id);
    await setStatus(order.id, { status: 'processing' });
    // The hold was released at the gateway meanwhile (by hand in its dashboard, or it expired).
    await t.gateway.voidAuthorization(authorizationId!);
    const before = await orderRow(order.id);
    const refused = await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      statusCode: 409,
      type: 'conflict',
      message:
        "The member's card could not be charged: the gateway refused the payment (the card's hold may have been released or expired), so the order was not shipped. Please contact the member about their payment.",
    });
    expect(await orderRow(order.id)).toEqual(before);
    expect((await getOrder(order.id)).json()).toMatchObject({ fulfilment: { status: 'processing', carrier: null }, payment: { status: 'authorized' }, timeline: { shippedAt: null, capturedAt: null } });
    expect(capturedOf(authorizationId)).toEqual([]);
    expect(await queued(m.customer.email, 'order-shipped')).toHaveLength(0);
    expect((await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.shipped')))).length).toBe(0);
  });

  it('refuses the move while the gateway cannot be reached, and takes it once the gateway is back', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 3 }], { pickupAt: f.room.id });
    const { authorizationId } = await orderRow(order.id);
    await setStatus(order.id, { status: 'processing' });
    const roomBefore = await f.stockOf(offering.wines[0]!.id, f.room.id);
    const before = await orderRow(order.id);
    // The network between the API and the gateway drops the request.
    const away = vi.spyOn(t.gateway, 'capture').mockRejectedValueOnce(Object.assign(new Error('connect ECONNREFUSED'), { name: 'FetchError' }));
    try {
      const refused = await setStatus(order.id, { status: 'ready_for_pickup' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "The payment gateway could not be reached to charge the member's card, so the order was not made ready for pick-up. Please try again in a few minutes.",
      );
    } finally {
      away.mockRestore();
    }
    expect(await orderRow(order.id)).toEqual(before);
    expect(await f.stockOf(offering.wines[0]!.id, f.room.id)).toBe(roomBefore);
    expect(await queued(m.customer.email, 'order-ready-for-pickup')).toHaveLength(0);
    expect(capturedOf(authorizationId)).toEqual([]);

    // Tried again: moved and charged, once.
    const ready = await setStatus(order.id, { status: 'ready_for_pickup' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ fulfilment: { status: 'ready_for_pickup' }, payment: { status: 'captured' } });
    expect(capturedOf(authorizationId)).toHaveLength(1);
    expect(await queued(m.customer.email, 'order-ready-for-pickup')).toHaveLength(1);
  });

  it('refunds a charged pick-up order that is cancelled (never collected), once, and puts its bottles back once', async () => {
    const m = await member();
    const roomBefore = await f.stockOf(offering.wines[0]!.id, f.room.id);
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 2 }], { pickupAt: f.room.id });
    const { authorizationId } = await orderRow(order.id);
    await setStatus(order.id, { status: 'processing' });
    expect((await setStatus(order.id, { status: 'ready_for_pickup' })).json().payment.status).toBe('captured');
    expect(await f.stockOf(offering.wines[0]!.id, f.room.id)).toBe(roomBefore! - 2);
    const voidsBefore = t.gateway.voidedAuthorizationIds.length;

    const answers = await Promise.all([setStatus(order.id, { status: 'cancelled' }), setStatus(order.id, { status: 'cancelled' })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json()).toMatchObject({ fulfilment: { status: 'cancelled', nextSteps: [] }, payment: { status: 'refunded' } });
    expect(t.gateway.refunds.filter((refund) => refund.authorizationId === authorizationId)).toEqual([{ authorizationId, amountCents: order.totals.totalCents }]);
    expect(t.gateway.voidedAuthorizationIds).toHaveLength(voidsBefore);
    expect(await f.stockOf(offering.wines[0]!.id, f.room.id)).toBe(roomBefore);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', capturedAt: expect.any(Date) });
    const mails = await t.deliveredMail({ to: m.customer.email, kind: 'order-cancelled' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`$${(order.totals.totalCents / 100).toFixed(2)} has been refunded to your Visa ending in 4242.`);
    expect((await memberOrder(m, order.id)).json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    // Cancelled again: nothing more refunded or returned.
    expect((await setStatus(order.id, { status: 'cancelled' })).statusCode).toBe(200);
    expect(t.gateway.refunds.filter((refund) => refund.authorizationId === authorizationId)).toHaveLength(1);
    expect(await f.stockOf(offering.wines[0]!.id, f.room.id)).toBe(roomBefore);
  });

  it('refuses to ship an order that has no card authorization, and says so', async () => {
    const m = await member();
    const written = await t.createOrder({ customerId: m.customer.id, allocationId: m.allocation.id, fulfilmentStatus: 'processing', totalCents: 9_000 });
    const refused = await setStatus(written.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order has no card authorization to charge, so it was not shipped. Please take the payment another way and contact the member.');
    expect(await orderRow(written.id)).toMatchObject({ fulfilmentStatus: 'processing', paymentStatus: 'authorized', capturedAt: null });
  });
});
