import type { FastifyBaseLogger } from 'fastify';
import type { MemberOrder, MemberOrderSummary } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { PricingService } from '../cart/pricing.service.js';
import type { CardTokenizer } from '../cards/card-tokenizer.js';
import type { MailService } from '../mail/mail.service.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import type { WaitingRoomService } from '../waiting-room/waiting-room.service.js';
import { createAuthorizationSweep } from './authorization-sweep.js';
import { createOrderPlacement } from './order-placement.js';
import { memberFulfilment, toOrderView } from './order-view.js';
import type { OrdersRepository } from './orders.repository.js';

export interface OrdersDependencies {
  repository: OrdersRepository;
  pricing: PricingService;
  gateway: PaymentGateway;
  /** Shared with "add a card": tries with new cards count against the same per-member budget. */
  tokenizer: CardTokenizer;
  mail: MailService;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The waiting room's check before an order (issue 17). */
  admission: Pick<WaitingRoomService, 'assertAdmitted'>;
}

export function createOrdersService(deps: OrdersDependencies) {
  const { repository, gateway, log, now } = deps;

  return {
    /** Voids card holds whose order was never written (a process killed mid-placement); see ADR 013. */
    sweepAuthorizations: createAuthorizationSweep({ repository, gateway, log, now }),

    async list(tenantId: string, customerId: string): Promise<MemberOrderSummary[]> {
      const rows = await repository.listForCustomer(tenantId, customerId);
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        status: row.status,
        totalCents: row.totalCents,
        placedAt: row.placedAt.toISOString(),
        offeringName: row.offeringName ?? null,
        addsTo: row.addsToId && row.addsToNumber ? { id: row.addsToId, number: row.addsToNumber } : null,
        fulfilment: memberFulfilment(row, row.pickup),
      }));
    },

    /**
     * One of the member's orders. Another member's reads like no order at all (404, as a stranger's
     * card does at checkout): an order id tells nobody else that it exists.
     */
    async get(tenantId: string, customerId: string, orderId: string): Promise<MemberOrder> {
      const found = await repository.findWithLines(tenantId, orderId);
      if (!found || found.order.customerId !== customerId) throw new ApiError('notFound', API_MESSAGES.orderNotFound);
      return toOrderView(found.order, found.offeringName, found.lines, found.pickup, await repository.linksOf(tenantId, found.order));
    },

    /** Places an order in one short transaction (order-placement.ts, ADR 009). */
    place: createOrderPlacement(deps),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
