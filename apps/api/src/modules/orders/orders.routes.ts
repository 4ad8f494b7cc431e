import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerCollectionParamsSchema, MemberOrderListSchema, MemberOrderSchema, PlaceOrderSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { SWEEP_INTERVAL_MS } from './authorization-sweep.js';
import type { OrdersService } from './orders.service.js';

export const OrderParamsSchema = CustomerCollectionParamsSchema.extend({ orderId: z.uuid({ error: 'invalidId' }) });

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  // Card holds left by a process that died mid-placement are voided before this one takes
  // requests (the server migrates before it gets ready), then now and again for other instances.
  let sweeping: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      await orders.sweepAuthorizations();
    } catch (error) {
      app.log.error({ errorName: (error as Error)?.name }, 'the sweep of card holds without an order failed');
    }
  };
  app.addHook('onReady', async () => {
    await sweep();
    sweeping = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeping));

  app.get(
    '/:tenant/customer/:customerId/order',
    {
      schema: {
        tags: ['order'],
        summary: "The member's past orders, newest first",
        description:
          'Each names the offering it was placed in (null when it has none), the first order it adds to (`addsTo`, ADR 017) and where it is now (`fulfilment`: placed, processing, shipped with carrier, tracking number and link, ready for pick-up with the place and its hours, picked up, cancelled), as staff set it. Empty when the member has not ordered.',
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        response: { 200: MemberOrderListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => orders.list(request.tenant.id, request.params.customerId),
  );

  app.post(
    '/:tenant/customer/:customerId/order',
    {
      schema: {
        tags: ['order'],
        summary: 'Place the order of a cart: take the stock, authorise the card, write the order — or nothing',
        description:
          "One transaction (ADR 009). A member who already holds an order of the allocation that is not cancelled places an addition (ADR 017): `addsTo` names their first order, and it is charged for its own bottles. An optional `giftMessage` (at most 300 characters) travels with the order. The ordered cart is deleted. 201 with the new order; the same `idempotencyKey` again answers 200 with the same order, also when both arrive at once (one order, one authorisation). 400: the choice breaks the member's limits (counting earlier orders), the order minimum or a combination (as for the cart); 'Please select an address'; the address is not in the chosen country; 'Sorry, we cannot ship to {destination}.'; 'The credit card was declined.' (cardDeclined) or 'Unable to process card. Please verify your information.' (cardUnprocessable). 409: 'This offering is closed.', 'This offering is not open for you yet.' (before the member's own opening), or 'Sorry, {wine} has just sold out. Please change your order.' (soldOut, field lines.<wineId>). A refusal leaves stock, orders and cards untouched.",
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        body: PlaceOrderSchema,
        response: { 201: MemberOrderSchema, 200: MemberOrderSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { order, created } = await orders.place(request.tenant.id, request.params.customerId, request.body);
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/:tenant/customer/:customerId/order/:orderId',
    {
      schema: {
        tags: ['order'],
        summary: 'One order of the member: lines, totals, delivery and card, as placed',
        description:
          "The order's page and receipt (issue 15): its lines, totals, delivery (the address copy with recipient and phone, or the pick-up place and hours), card brand and last four, gift message, where it is now (`fulfilment`), and its links: `addsTo` (an addition: the first order it adds to) and `additions` (a first order: its additions). Another member's order answers 404, as one that does not exist; an id that is not one answers 400.",
        headers: TenantHeadersSchema,
        params: OrderParamsSchema,
        response: { 200: MemberOrderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => orders.get(request.tenant.id, request.params.customerId, request.params.orderId),
  );
};
