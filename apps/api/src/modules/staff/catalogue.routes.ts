import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InventoryLocationListSchema, WineInputSchema, WineListSchema, WineSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { CatalogueService } from './catalogue.service.js';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  app.get(
    '/staff/wines',
    {
      schema: {
        tags: ['staff'],
        summary: "The producer's wines: one per name, vintage and bottle size",
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 200: WineListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => catalogue.listWines(request.tenant.id),
  );

  app.post(
    '/staff/wines',
    {
      schema: {
        tags: ['staff'],
        summary: 'Add a wine to the catalogue',
        description: 'The same name, vintage and size twice answers 409. A magnum is its own wine (sizeMl 1500).',
        headers: TenantHeadersSchema,
        body: WineInputSchema,
        security: STAFF_SECURITY,
        response: { 201: WineSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await catalogue.createWine(request.tenant.id, request.body)),
  );

  app.get(
    '/staff/locations',
    {
      schema: {
        tags: ['staff'],
        summary: 'The in-house inventory locations: where stock is kept, shipped from and picked up',
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 200: InventoryLocationListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => catalogue.listLocations(request.tenant.id),
  );
};
