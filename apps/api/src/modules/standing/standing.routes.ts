import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerCollectionParamsSchema, StandingSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { StandingService } from './standing.service.js';

/** A member's standing: registered in the member scope, so a member reaches only their own. */
export const standingRoutes: FastifyPluginAsyncZod<{ standing: StandingService }> = async (app, { standing }) => {
  app.get(
    '/:tenant/customer/:customerId/standing',
    {
      schema: {
        tags: ['customer'],
        summary: "The member's standing: their offerings, orders and wishes, and the winery's rules of the list",
        description:
          "Every published offering the member had an allocation in that has opened in their own window (their tier's opening, else the offering's start), newest first: the wines offered with their limits, bottles ordered and order numbers (cancelled orders left out), wishes and what became of them, and `skipped` when it closed without an order after their window had opened (not when it closed before their opening came). `rules` is the winery's rules of the list as sanitised HTML, null until staff write them.",
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        response: { 200: StandingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => standing.read(request.tenant.id, request.params.customerId),
  );
};
