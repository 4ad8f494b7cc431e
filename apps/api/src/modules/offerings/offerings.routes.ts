import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AllocationParamsSchema, OfferingSchema, WishInputSchema, WishSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { OfferingsService } from './offerings.service.js';

export const offeringsRoutes: FastifyPluginAsyncZod<{ offerings: OfferingsService }> = async (app, { offerings }) => {
  app.get(
    '/:tenant/customer/:customerId/allocation/:allocationId/offering',
    {
      schema: {
        tags: ['allocation'],
        summary: "The offering as this member sees it: letter, vintage notes, their wines and limits, delivery options",
        description:
          "Only wines with a line in the member's allocation are listed, each with the member's minimum and maximum, the bottles their orders of this allocation already hold (ordered; what they may add is maximum − ordered), whether any bottles are left (available) and the member's wish. closesAt is when choosing ends (the end date, or an earlier cancellation); serverTime is the server's clock, for a countdown that does not trust the device's. Wine ids here are offering-wine ids, as carts and orders use them. orderMinimumCents is the member's own when set, else the offering's. Another member's allocation answers 404 like an unknown one.",
        headers: TenantHeadersSchema,
        params: AllocationParamsSchema,
        response: { 200: OfferingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => offerings.view(request.tenant.id, request.params.customerId, request.params.allocationId),
  );

  app.post(
    '/:tenant/customer/:customerId/allocation/:allocationId/wish',
    {
      schema: {
        tags: ['allocation'],
        summary: 'Ask for more bottles of one wine than the allocation allows (a wish)',
        description:
          "quantity is the number of bottles beyond the member's maximum. 201 when recorded, 200 when it replaces the quantity of a wish still waiting for an answer; 409 once staff have answered it, or when the offering is not open (outside its window, or cancelled); a member who has ordered may still ask while it is open. The wine must be in the member's allocation (400 wineNotInAllocation).",
        headers: TenantHeadersSchema,
        params: AllocationParamsSchema,
        body: WishInputSchema,
        response: { 200: WishSchema, 201: WishSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { created, ...wish } = await offerings.wish(
        request.tenant.id,
        request.params.customerId,
        request.params.allocationId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(wish);
    },
  );
};
