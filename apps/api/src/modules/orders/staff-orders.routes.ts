import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FulfilmentUpdateSchema,
  OrderIdParamsSchema,
  StaffOrderFiltersSchema,
  StaffOrderListQuerySchema,
  StaffOrderPageSchema,
  StaffOrderSchema,
} from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { ordersCsv } from './orders-csv.js';
import type { StaffOrdersRepository } from './staff-orders.repository.js';
import { resolveFilter, type StaffOrdersService } from './staff-orders.service.js';

const FILTERS =
  'Filters: offeringId, status (fulfilment), deliveryMethod, country and state (the destination, or the pick-up location\'s), from and to (placed on or after / on or before: a day such as 2026-11-25 is read on the winery\'s clock, or an instant with its offset), q (part of the order number, the member\'s name or e-mail).';

export const staffOrdersRoutes: FastifyPluginAsyncZod<{ orders: StaffOrdersService; repository: StaffOrdersRepository }> = async (app, { orders, repository }) => {
  app.get(
    '/staff/orders',
    {
      schema: {
        tags: ['staff'],
        summary: 'Orders, newest first, a page at a time',
        description: FILTERS,
        headers: TenantHeadersSchema,
        querystring: StaffOrderListQuerySchema,
        response: { 200: StaffOrderPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => orders.list(request.tenant.id, request.query),
  );

  app.get(
    '/staff/orders.csv',
    {
      schema: {
        tags: ['staff'],
        summary: 'The orders of the same filters as a CSV file, one row per order line',
        description: `${FILTERS} Columns: order number, placed at (UTC), member, e-mail, delivery method, address or pick-up location, wine, vintage, size, quantity, unit price, line total, the order's subtotal, tax, shipping and total (dollars), fulfilment and payment status, carrier, tracking number. Streamed; a cell that a spreadsheet would run as a formula starts with an apostrophe.`,
        headers: TenantHeadersSchema,
        querystring: StaffOrderFiltersSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const filter = resolveFilter(request.query, await repository.timeZone(request.tenant.id));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        // A stream is sent as it is read (Fastify does not serialise streams); the schema documents the text.
        .send(ordersCsv(repository, request.tenant.id, filter) as unknown as string);
    },
  );

  app.get(
    '/staff/orders/:orderId',
    {
      schema: {
        tags: ['staff'],
        summary: 'One order: lines, totals, member, delivery, card, payment and fulfilment with its timeline',
        description: '`fulfilment.nextSteps` lists the moves the order can make now.',
        headers: TenantHeadersSchema,
        params: OrderIdParamsSchema,
        response: { 200: StaffOrderSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => orders.detail(request.tenant.id, request.params.orderId),
  );

  app.post(
    '/staff/orders/:orderId/status',
    {
      schema: {
        tags: ['staff'],
        summary: 'Move an order on: processing, shipped (carrier and tracking number), ready for pick-up, picked up, or cancelled',
        description:
          "placed → processing → shipped (shipping orders) or ready_for_pickup → picked_up (pick-up orders); cancelled from placed, processing or ready_for_pickup. Shipped and ready_for_pickup charge the member's card: the authorisation is captured for the order's total and `payment.status` becomes `captured` with the move (ADR 025); if the gateway refuses or cannot be reached, nothing changes (409, saying why). The same status again answers 200 with the order and changes nothing (no second e-mail or charge); shipped again with another carrier or tracking number corrects them and e-mails the member the new link. An illegal move is 409 with the reason ('An order that was shipped cannot be cancelled.'). Cancelling voids the card authorisation (or refunds a captured payment: a charged order ready for pick-up that is never collected) and puts every line's bottles back on the stock they came from, in the same transaction; if the gateway cannot release the payment, nothing changes (409). The member is e-mailed when the order ships, is ready for pick-up or is cancelled.",
        headers: TenantHeadersSchema,
        params: OrderIdParamsSchema,
        body: FulfilmentUpdateSchema,
        response: { 200: StaffOrderSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => orders.changeStatus({ tenantId: request.tenant.id, staff: request.staff }, request.params.orderId, request.body),
  );
};
