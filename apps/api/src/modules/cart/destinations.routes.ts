import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerCollectionParamsSchema, ShippingDestinationsSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { PricingService } from './pricing.service.js';

/**
 * Where the winery ships, for checkout's delivery step and its address form. Rates are not secret,
 * but only a member at checkout needs them: the route sits in the member's scope with the cart's.
 */
export const destinationsRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (app, { pricing }) => {
  app.get(
    '/:tenant/customer/:customerId/destinations',
    {
      schema: {
        tags: ['cart'],
        summary: 'The destinations the rate tables can serve, and the places that cannot receive wine',
        description:
          "Each country with a shipping rate, a tax rate and no restriction on the whole country; where the country has a list of states (US, CA, AU), the states served (a refused state, such as one that cannot receive wine, is absent). `refused` names the restricted places as 'Sorry, we cannot ship to {destination}.' does. Pick-up locations are in the offering. A quote still checks the address (cannotShip, noRate).",
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        response: { 200: ShippingDestinationsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => pricing.destinations(request.tenant.id),
  );
};
