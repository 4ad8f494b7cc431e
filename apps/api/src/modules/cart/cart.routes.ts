import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AllocationParamsSchema, CartInputSchema, CartSchema, CustomerCollectionParamsSchema, QuoteInputSchema, QuoteSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { CartService } from './cart.service.js';

export const CartParamsSchema = CustomerCollectionParamsSchema.extend({ cartId: z.uuid({ error: 'invalidId' }) });

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.put(
    '/:tenant/customer/:customerId/cart',
    {
      schema: {
        tags: ['cart'],
        summary: "Create or replace the member's cart for an allocation",
        description:
          "One cart per member and allocation; its id is kept in the browser under `cartId`. Quantities are checked against the member's limits (counting their earlier orders), the order minimum (on everything the member will hold, earlier orders included) and the offering's combinations: problems answer 400 with one field error per wine (`lines.<wineId>`: belowMinimum, aboveMaximum, unknownWine, invalidCombination naming the wine it needs) and for the whole choice (`lines`: orderMinimum, invalidCombination, emptySelection). With `draft: true` (the choice saved as the member types) only each wine's maximum and the allocation's wines are checked, so an empty or unfinished choice is kept too. Another member's or an unknown allocation answers 404, a closed offering 409 ('This offering is closed.'), and so does one not open yet for this member ('This offering is not open for you yet.': before their own opening).",
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        body: CartInputSchema,
        response: { 200: CartSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cart.put(request.tenant.id, request.params.customerId, request.body),
  );

  app.get(
    '/:tenant/customer/:customerId/allocation/:allocationId/cart',
    {
      schema: {
        tags: ['cart'],
        summary: "The member's cart of one allocation, to find the choice from another device",
        description:
          "The same cart PUT …/cart keeps (its id goes under `cartId`). 204 with no body while the member has none for the allocation (no choice made yet, or an order was placed from it, which deletes the cart): an ordinary answer, so a browser logs no failed request on every first visit. 404 'This allocation does not exist' for another member's or an unknown allocation.",
        headers: TenantHeadersSchema,
        params: AllocationParamsSchema,
        response: { 200: CartSchema, 204: z.null().describe('The member has no cart for this allocation'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const found = await cart.forAllocation(request.tenant.id, request.params.customerId, request.params.allocationId);
      return found ?? reply.code(204).send(null);
    },
  );

  app.get(
    '/:tenant/customer/:customerId/cart/:cartId',
    {
      schema: {
        tags: ['cart'],
        summary: 'One cart of the member, with its subtotal at current prices',
        description: "403 for another member's cart; 404 for an unknown one, or one an order has been placed from.",
        headers: TenantHeadersSchema,
        params: CartParamsSchema,
        response: { 200: CartSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cart.get(request.tenant.id, request.params.customerId, request.params.cartId),
  );

  app.post(
    '/:tenant/customer/:customerId/cart/:cartId/quote',
    {
      schema: {
        tags: ['cart'],
        summary: 'The order summary for a delivery: subtotal, shipping, tax, total, and any shipping notice',
        description:
          "Shipping needs one of the member's addresses in the country chosen before (selectAddress, addressCountryMismatch); destinations that cannot receive wine answer 'Sorry, we cannot ship to {destination}.' (cannotShip), destinations without rates noRate. Pick-up is free of shipping and taxed at the location. Totals are those an order placed now would be charged.",
        headers: TenantHeadersSchema,
        params: CartParamsSchema,
        body: QuoteInputSchema,
        response: { 200: QuoteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      cart.quote(request.tenant.id, request.params.customerId, request.params.cartId, request.body),
  );
};
