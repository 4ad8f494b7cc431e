import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { BottleImportBodySchema, BottleImportResultSchema } from './bottles.schemas.js';
import type { BottlesService } from './bottles.service.js';
import type { BottleRegistry } from './staff-bottles.repository.js';
import { BottleParamsSchema, StaffBottleSchema, SuspiciousBottlePageSchema, SuspiciousPageQuerySchema } from './staff-bottles.schemas.js';

/** 10,000 rows of ~100 characters, with room to spare; other routes keep the small default. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** The bottle registry for the winery's team: bulk import, and bottles checked too often. */
export const staffBottlesRoutes: FastifyPluginAsyncZod<{ bottles: BottlesService; registry: BottleRegistry }> = async (app, { bottles, registry }) => {
  app.post(
    '/staff/bottles/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['staff'],
        summary: 'Register bottles in bulk from CSV',
        description: [
          'Header row, then one bottle per row: `bottle_id,wine,vintage,size_ml,bottle_number` (the wine by name, vintage and size, which must be in the catalogue; size_ml empty means 750)',
          'or `bottle_id,wine_id,bottle_number` (a catalogue wine id). Up to 10,000 rows (more: 413).',
          "Every row is checked (ID format, numbers, known wine, an ID or a wine's bottle number twice in the file, IDs or numbers already registered);",
          "any bad row answers 400 with one error per problem, `field` 'line 12' (the header is line 1), and nothing is imported. Otherwise all rows go in one transaction.",
        ].join(' '),
        headers: TenantHeadersSchema,
        body: BottleImportBodySchema,
        security: STAFF_SECURITY,
        response: { 201: BottleImportResultSchema, ...errorResponses(400, 401, 404, 409), 413: ApiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await bottles.importCsv({ tenantId: request.tenant.id, staff: request.staff }, request.body.csv)),
  );

  app.get(
    '/staff/bottles/suspicious',
    {
      schema: {
        tags: ['staff'],
        summary: 'Bottles checked unusually often: possible cloned labels',
        description:
          'Registered bottles checked at least minChecks times (default 5) in the last `days` days (default 30), with how many checks, from how many networks and countries, and the first and last check; most-checked first (then by ID), a page at a time (`limit`, `cursor`).',
        headers: TenantHeadersSchema,
        querystring: SuspiciousPageQuerySchema,
        security: STAFF_SECURITY,
        response: { 200: SuspiciousBottlePageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => registry.suspicious(request.tenant.id, request.query),
  );

  app.get(
    '/staff/bottles/:bottleId',
    {
      schema: {
        tags: ['staff'],
        summary: 'One registered bottle: its wine, its first verification and every check with its coarse origin',
        description:
          "The ID as on the label, in any case, dash optional. Checks newest first (at most 500; checkCount says how many in all), each with the country it came from or 'unknown', never an address. An ID not registered for this winery: 404.",
        headers: TenantHeadersSchema,
        params: BottleParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffBottleSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => registry.bottle(request.tenant.id, request.params.bottleId),
  );
};
