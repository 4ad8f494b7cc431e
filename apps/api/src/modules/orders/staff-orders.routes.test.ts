import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function member(limits = 24) {
  return f.createMember(offering.offering.id, { [offering.wines[0]!.id]: { maximum: limits }, [offering.wines[1]!.id]: { maximum: limits } });
}

describe('the receipt e-mail', () => {
  it('is queued with the order, in its transaction: lines, totals, delivery and card, nothing secret', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 2 }, { wineId: offering.wines[1]!.id, quantity: 1 }]);
    const [mail, ...more] = await queued(m.customer.email, 'order-confirmation');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your order ${order.number} is confirmed`);
    expect(mail!.textBody).toContain(`2 bottles of ${offering.wines[0]!.label} (750 ml) at $90.00 each: $180.00`);
    expect(mail!.textBody).toContain(`1 bottle of ${offering.wines[1]!.label} (750 ml) at $40.00: $40.00`);
    expect(mail!.textBody).toContain('Subtotal: $220.00');
    expect(mail!.textBody).toContain(`Total: $${(order.totals.totalCents / 100).toFixed(2)}`);
    expect(mail!.textBody).toContain('Shipping to: ');
    expect(mail!.textBody).toMatch(/Paid with your \w+ ending in \d{4}\./);
    expect(mail!.htmlBody).toContain('Subtotal: $220.00');
    expect(mail!.linkSecrets).toBeNull();
    const delivered = await t.deliveredMail({ to: m.customer.email, kind: 'order-confirmation' });
    expect(delivered).toHaveLength(1);
  });

  it('is not queued when the order is refused', async () => {
    const low = await f.createOpenOffering({ wines: [{ name: 'Rare', stock: 1 }] });
    const m = await f.createMember(low.offering.id, { [low.wines[0]!.id]: { maximum: 6 } });
    await expect(place(m, [{ wineId: low.wines[0]!.id, quantity: 2 }])).rejects.toThrow(/order: 409/);
    expect(await queued(m.customer.email, 'order-confirmation')).toHaveLength(0);
  });
});

describe('POST /v1/staff/orders/:orderId/status', () => {
  it('ships an order with its tracking number, once: the member is e-mailed the tracking link and their page says shipped', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 1 }]);
    expect((await setStatus(order.id, { status: 'processing' })).statusCode).toBe(200);
    const shipped = await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      fulfilment: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', nextSteps: [] },
      payment: { status: 'authorized' },
      timeline: { processingAt: expect.any(String), shippedAt: expect.any(String), cancelledAt: null },
    });
    // Again: the same answer, nothing new.
    const again = await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(again.statusCode).toBe(200);
    const mails = await t.deliveredMail({ to: m.customer.email, kind: 'order-shipped' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('UPS tracking number: 1Z999AA10123456784');
    expect(mails[0]!.links).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    // A mistyped number corrected: kept, and the member gets the right link.
    const corrected = await setStatus(order.id, { status: 'shipped', carrier: 'FedEx', trackingNumber: '123456789012' });
    expect(corrected.json().fulfilment).toMatchObject({ status: 'shipped', carrier: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012' });
    const after = await t.deliveredMail({ to: m.customer.email, kind: 'order-shipped' });
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain('FedEx tracking number: 123456789012');

    const list = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/order`, headers: headers(m.token) });
    expect(list.json()).toEqual([expect.objectContaining({ number: order.number, fulfilment: expect.objectContaining({ status: 'shipped', carrier: 'FedEx', trackingNumber: '123456789012' }) })]);
    const one = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/order/${order.id}`, headers: headers(m.token) });
    expect(one.json()).toMatchObject({ fulfilment: { status: 'shipped', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012' } });

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entries.map((entry) => [entry.action, entry.staffUserId])).toEqual([
      ['order.processing', managerId],
      ['order.shipped', managerId],
      ['order.tracking', managerId],
    ]);
    expect(entries[1]!.before).toMatchObject({ fulfilmentStatus: 'processing' });
    expect(entries[1]!.after).toMatchObject({ fulfilmentStatus: 'shipped', trackingNumber: '1Z999AA10123456784' });
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
    expect((await getOrder(order.id)).json()).toMatchObject({ fulfilment: { status: 'shipped', trackingUrl: null }, payment: { status: 'authorized' } });
    expect(t.gateway.voidedAuthorizationIds).toHaveLength(0);
  });

  it('takes a pick-up order to ready (mailing the place and its hours) and picked up', async () => {
    const m = await member();
    const order = await place(m, [{ wineId: offering.wines[0]!.id, quantity: 2 }], { pickupAt: f.room.id });
    expect((await setStatus(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z1' })).json().message).toBe('An order for pick-up cannot be shipped.');
    await setStatus(order.id, { status: 'processing' });
    const ready = await setStatus(order.id, { status: 'ready_for_pickup' });
    expect(ready.json()).toMatchObject({ fulfilment: { status: 'ready_for_pickup', nextSteps: ['picked_up', 'cancelled'] }, delivery: { pickupLocation: { name: 'City Tasting Room' } } });
    const [mail] = await t.deliveredMail({ to: m.customer.email, kind: 'order-ready-for-pickup' });
    expect(mail!.text).toContain('is ready for pick-up at City Tasting Room');
    expect(mail!.text).toContain('Opening hours: Thu–Sat 12–7');
    const page = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/customer/${m.customer.id}/order`, headers: headers(m.token) });
    expect(page.json()[0].fulfilment).toMatchObject({ status: 'ready_for_pickup', pickupLocation: { name: 'City Tasting Room', hours: 'Thu–Sat 12–7' } });
    expect((await setStatus(order.id, { status: 'picked_up' })).json()).toMatchObject({ fulfilment: { status: 'picked_up' }, timeline: { pickedUpAt: expect.any(String) } });
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
