import type { FastifyBaseLogger } from 'fastify';
import { decideFulfilment, paymentStepFor, renderValidationMessage, type FulfilmentTarget, type FulfilmentUpdateInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import type { MailService } from '../mail/mail.service.js';
import type { MailTemplate } from '../mail/templates/mail-templates.js';
import type { CaptureResult, PaymentGateway } from '../payments/payment-gateway.js';
import { cancelledMail, chargeOf, readyForPickupMail, shippedMail } from './order-mails.js';
import { effectiveFulfilment } from './order-view.js';
import type { FulfilmentQueries, OrderRow, StaffOrdersRepository } from './staff-orders.repository.js';

export interface OrderFulfilmentDependencies {
  repository: StaffOrdersRepository;
  gateway: PaymentGateway;
  mail: MailService;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Moves an order on (issue 14, item 4), in one transaction that locks the order first: the
 * domain's decideFulfilment says whether the move is legal on what the order is *now*, so two
 * requests at once are decided one after the other. The same target again changes nothing and
 * mails nobody (shipped again with another carrier or number corrects them, and mails the new
 * link). Shipped or ready for pick-up charges the card (ADR 025: the gateway captures the
 * authorisation, and the order is marked captured with the move, or nothing changes and staff
 * are told why). A cancel puts every line's bottles back on the stock row they came from, releases
 * the payment at the gateway (void, or refund if it was taken) and sets the order cancelled for
 * the member's side too; the member's e-mail and the audit entry commit with the change.
 */
export function createOrderFulfilment(deps: OrderFulfilmentDependencies) {
  const { repository, gateway, mail, log, now } = deps;

  async function cancel(q: FulfilmentQueries, tenantId: string, order: OrderRow, at: Date) {
    for (const line of await q.lines(tenantId, order.id)) {
      // A line whose location was deleted since has no row to go back to; the audit keeps the line.
      if (line.locationId) await q.returnStock(tenantId, line.offeringWineId, line.locationId, line.quantity);
    }
    const payment = paymentStepFor(order.paymentStatus, 'cancelled')?.becomes ?? null;
    // Last, after every write that could fail: the gateway is the one step a rollback cannot undo.
    if (payment && order.authorizationId) {
      try {
        if (payment === 'refunded') await gateway.refund(order.authorizationId, order.totalCents);
        else await gateway.voidAuthorization(order.authorizationId);
      } catch (error) {
        log.error({ orderId: order.id, authorizationId: order.authorizationId, gateway: gateway.name, errorName: (error as Error)?.name }, 'could not release the payment of an order being cancelled');
        throw new ApiError('conflict', API_MESSAGES.paymentReleaseFailed);
      }
    }
    const values = { fulfilmentStatus: 'cancelled' as const, status: 'cancelled' as const, cancelledAt: at, ...(payment ? { paymentStatus: payment } : {}) };
    return { values, payment: payment === 'refunded' ? ('refunded' as const) : ('voided' as const) };
  }

  /**
   * Charges the card of an order being prepared: its authorisation captured for the order's
   * total. Asked last, once every write of the move is made in the transaction (the gateway is
   * the one step a rollback cannot undo): refused or unreachable, it throws and the move rolls
   * back whole. A capture the gateway made for a move whose commit then failed is answered again
   * by the next try, which charges nothing more (the gateway's capture is idempotent).
   */
  async function capture(order: OrderRow, to: FulfilmentTarget) {
    if (!order.authorizationId) throw new ApiError('conflict', API_MESSAGES.paymentNotAuthorized(to));
    let result: CaptureResult;
    try {
      result = await gateway.capture(order.authorizationId, order.totalCents);
    } catch (error) {
      log.error({ orderId: order.id, authorizationId: order.authorizationId, gateway: gateway.name, errorName: (error as Error)?.name }, 'could not reach the gateway to capture the payment of an order being prepared');
      result = { status: 'error' };
    }
    if (result.status === 'captured') return;
    log.warn({ orderId: order.id, authorizationId: order.authorizationId, gateway: gateway.name, outcome: result.status }, 'the payment of an order being prepared was not captured');
    throw new ApiError('conflict', result.status === 'declined' ? API_MESSAGES.paymentCaptureDeclined(to) : API_MESSAGES.paymentCaptureFailed(to));
  }

  return async function changeStatus(actor: AuditActor, orderId: string, input: FulfilmentUpdateInput): Promise<{ changed: boolean }> {
    const { tenantId } = actor;
    return repository.transaction(async (q, tx) => {
      const order = await q.lock(tenantId, orderId);
      if (!order) throw new ApiError('notFound', API_MESSAGES.orderNotFound);
      // An order cancelled before fulfilment existed is cancelled here too: its stock is never returned twice.
      const decision = decideFulfilment({ fulfilmentStatus: effectiveFulfilment(order), deliveryMethod: order.deliveryMethod }, input.status, input);
      if (decision.outcome === 'unchanged') {
        if (!isTrackingCorrection(order, input)) return { changed: false };
        // A shipped order's carrier or number corrected: kept, and the member gets the right link.
        const corrected = { number: order.number, carrier: input.carrier!, trackingNumber: input.trackingNumber! };
        const updated = await q.update(tenantId, orderId, { carrier: corrected.carrier, trackingNumber: corrected.trackingNumber });
        await recordAudit(tx, actor, { action: 'order.tracking', entityType: 'order', entityId: orderId, before: auditView(order), after: auditView(updated) });
        const member = await q.memberContact(tenantId, order.customerId);
        if (member) await mail.enqueue({ tenantId, to: member.email, template: shippedMail(member.firstName, corrected) }, tx);
        return { changed: true };
      }
      if (decision.outcome === 'refused') {
        if (decision.reason === 'trackingRequired') {
          const message = renderValidationMessage('trackingNumberRequired');
          throw new ApiError('validationError', message, [{ field: 'trackingNumber', code: 'trackingNumberRequired', message }]);
        }
        throw new ApiError('conflict', API_MESSAGES.fulfilmentRefused(decision.reason, decision.from, decision.to, order.deliveryMethod));
      }

      const at = now();
      // Prepared (shipped, ready for pick-up, or collected while only authorised): the card is charged.
      const captures = paymentStepFor(order.paymentStatus, decision.to)?.step === 'capture';
      const charged = captures ? chargeOf(order) : null;
      let values: Partial<OrderRow>;
      let template: ((firstName: string) => MailTemplate) | null = null;
      switch (decision.to) {
        case 'processing':
          values = { fulfilmentStatus: 'processing', processingAt: at };
          break;
        case 'shipped': {
          const shipped = { number: order.number, carrier: input.carrier!, trackingNumber: input.trackingNumber! };
          values = { fulfilmentStatus: 'shipped', shippedAt: at, carrier: shipped.carrier, trackingNumber: shipped.trackingNumber };
          template = (firstName) => shippedMail(firstName, shipped, charged);
          break;
        }
        case 'ready_for_pickup': {
          values = { fulfilmentStatus: 'ready_for_pickup', readyForPickupAt: at };
          const location = (await q.pickupLocation(tenantId, order.pickupLocationId)) ?? pickupFromCopy(order);
          template = (firstName) => readyForPickupMail(firstName, order.number, location, charged);
          break;
        }
        case 'picked_up':
          values = { fulfilmentStatus: 'picked_up', pickedUpAt: at };
          break;
        case 'cancelled': {
          const cancelled = await cancel(q, tenantId, order, at);
          values = cancelled.values;
          template = (firstName) => cancelledMail(firstName, order, cancelled.payment);
          break;
        }
      }
      if (captures) values = { ...values, paymentStatus: 'captured', capturedAt: at };
      const updated = await q.update(tenantId, orderId, values);
      await recordAudit(tx, actor, {
        action: `order.${decision.to}`,
        entityType: 'order',
        entityId: orderId,
        before: auditView(order),
        after: auditView(updated),
      });
      const member = template ? await q.memberContact(tenantId, order.customerId) : undefined;
      if (template && member) await mail.enqueue({ tenantId, to: member.email, template: template(member.firstName) }, tx);
      if (captures) await capture(order, decision.to);
      return { changed: true };
    });
  };
}

/** Shipped again with another carrier or tracking number: a correction, not a repeat. */
const isTrackingCorrection = (order: OrderRow, input: FulfilmentUpdateInput) =>
  input.status === 'shipped' &&
  order.fulfilmentStatus === 'shipped' &&
  Boolean(input.carrier && input.trackingNumber) &&
  (input.carrier !== order.carrier || input.trackingNumber !== order.trackingNumber);

/** The pick-up place as the order copied it, when the location itself is gone. */
const pickupFromCopy = (order: OrderRow) => ({ name: order.shippingAddress?.name ?? '', address: order.shippingAddress?.address ?? '', hours: '' });

/** What the audit keeps of an order's change: its states, not its addresses. */
const auditView = (order: OrderRow) => ({
  number: order.number,
  status: order.status,
  fulfilmentStatus: order.fulfilmentStatus,
  paymentStatus: order.paymentStatus,
  carrier: order.carrier,
  trackingNumber: order.trackingNumber,
});
