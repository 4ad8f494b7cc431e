import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InventoryLocationListSchema,
  WineIdParamsSchema,
  WineInputSchema,
  WineListQuerySchema,
  WinePageSchema,
  WineSchema,
} from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { CatalogueService } from './catalogue.service.js';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  const actor = (request: { tenant: { id: string }; staff: { staffUserId: string } }) => ({ tenantId: request.tenant.id, staff: request.staff });

  app.get(
    '/staff/wines',
    {
      schema: {
        tags: ['staff'],
        summary: "The producer's wines: one per name, vintage and bottle size",
        description: 'By name, vintage and size, a page at a time (`limit`, `cursor`); `q` keeps the wines whose name contains it, in any case.',
        headers: TenantHeadersSchema,
        querystring: WineListQuerySchema,
        security: STAFF_SECURITY,
        response: { 200: WinePageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => catalogue.listWines(request.tenant.id, request.query),
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
    async (request, reply) => reply.code(201).send(await catalogue.createWine(actor(request), request.body)),
  );

  app.get(
    '/staff/wines/:wineId',
    {
      schema: {
        tags: ['staff'],
        summary: 'One wine of the catalogue',
        headers: TenantHeadersSchema,
        params: WineIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: WineSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => catalogue.wine(request.tenant.id, request.params.wineId),
  );

  app.put(
    '/staff/wines/:wineId',
    {
      schema: {
        tags: ['staff'],
        summary: "Edit a wine: name, vintage, size, price, description, tasting notes",
        description: "Offerings keep the prices they were given. Another wine's name, vintage and size answers 409.",
        headers: TenantHeadersSchema,
        params: WineIdParamsSchema,
        body: WineInputSchema,
        security: STAFF_SECURITY,
        response: { 200: WineSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => catalogue.updateWine(actor(request), request.params.wineId, request.body),
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
