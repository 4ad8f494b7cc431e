import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AllocationAssignmentListSchema,
  AllocationBulkInputSchema,
  AllocationBulkResultSchema,
  AllocationIdParamsSchema,
  AllocationImportQuerySchema,
  AllocationImportResultSchema,
  AllocationListQuerySchema,
  OfferingIdParamsSchema,
  StaffAllocationListSchema,
  StaffAllocationPageSchema,
  textInput,
} from '@winery/domain';
import { acceptCsvBody, CSV_BODY_READING } from '../../shared/csv-body.js';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { AllocationImportService } from './allocation-import.service.js';
import type { StaffAllocationsService } from './staff-allocations.service.js';

/** Largest allocations file accepted (10,000 members with a dozen wines fit well within it). */
const CSV_BODY_LIMIT = 4 * 1024 * 1024;
const CsvBodySchema = textInput({ multiline: true, trim: false, error: 'required' })
  .min(1, { error: 'required' })
  .max(CSV_BODY_LIMIT, { error: 'tooLong' });

/** Members' allocations in an offering, as staff assign, import, export and remove them. */
export const staffAllocationsRoutes: FastifyPluginAsyncZod<{
  allocations: StaffAllocationsService;
  imports: AllocationImportService;
}> = async (app, { allocations, imports }) => {
  // The import's body is the file itself.
  acceptCsvBody(app, CSV_BODY_LIMIT);
  const actor = (request: { tenant: { id: string }; staff?: { staffUserId: string } | null }) => ({
    tenantId: request.tenant.id,
    staff: request.staff ?? null,
  });

  app.get(
    '/staff/offerings/:offeringId/allocations',
    {
      schema: {
        tags: ['staff'],
        summary: "The offering's members, with their tier, limits per wine and invitation state (a page)",
        description:
          'Sorted by last name, first name, id. q searches names and e-mail; tierId and state (none, queued, sent, failed, linkUsed, ordered) filter.',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        querystring: AllocationListQuerySchema,
        security: STAFF_SECURITY,
        response: { 200: StaffAllocationPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => allocations.list(request.tenant.id, request.params.offeringId, request.query),
  );

  app.put(
    '/staff/offerings/:offeringId/allocations',
    {
      schema: {
        tags: ['staff'],
        summary: "Invite members to an offering or change their limits, all or nothing",
        description:
          "Each item names a member by customerId or email and lists their lines (catalogue or offering-wine ids of this offering, minimum ≤ maximum); the lines become the member's limits. Members not listed keep theirs. An unknown member answers 404 and a wine outside the offering 400, each naming the item; nothing is saved then. Up to 1,000 members per call.",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: AllocationAssignmentListSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffAllocationListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => allocations.assign(actor(request), request.params.offeringId, request.body),
  );

  app.delete(
    '/staff/offerings/:offeringId/allocations/:allocationId',
    {
      schema: {
        tags: ['staff'],
        summary: 'Take a member out of the offering (not once they have ordered: 409)',
        headers: TenantHeadersSchema,
        params: AllocationIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await allocations.remove(actor(request), request.params.offeringId, request.params.allocationId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/offerings/:offeringId/allocations/bulk',
    {
      schema: {
        tags: ['staff'],
        summary: 'The same limits for every member matching a filter, in one transaction',
        description:
          "The lines are set (other wines kept) on every member matching q and tierId: the offering's members, or with onlyAllocated false every active member (new allocations made). Answers how many matched and how many changed.",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: AllocationBulkInputSchema,
        security: STAFF_SECURITY,
        response: { 200: AllocationBulkResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => allocations.bulk(actor(request), request.params.offeringId, request.body),
  );

  app.post(
    '/staff/offerings/:offeringId/allocations/import',
    {
      schema: {
        tags: ['staff'],
        summary: 'Import allocations from a CSV file (text/csv): a dry run, then all rows or none',
        description:
          'The format of GET …/allocations.csv: email, first_name, last_name (ignored), then <wine>_min and <wine>_max per wine. dryRun=true (the default) answers the rows, the errors by line and a preview of the first 50. dryRun=false writes every row in one transaction; any error answers 400 with each one as field "line N.column" and nothing is written. ' + CSV_BODY_READING,
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        querystring: AllocationImportQuerySchema,
        consumes: ['text/csv'],
        body: CsvBodySchema,
        security: STAFF_SECURITY,
        response: { 200: AllocationImportResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => imports.import(actor(request), request.params.offeringId, request.body, request.query.dryRun !== 'false'),
  );

  app.get(
    '/staff/offerings/:offeringId/allocations.csv',
    {
      schema: {
        tags: ['staff'],
        summary: "The offering's allocations as a CSV file, in the format the import reads",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        security: STAFF_SECURITY,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const rows = imports.export(request.tenant.id, request.params.offeringId);
      // The first chunk (the header) is read before answering, so an unknown offering is a 404.
      const first = await rows.next();
      async function* rest() {
        if (!first.done) yield first.value;
        yield* rows;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="allocations-${request.params.offeringId}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(rest()) as unknown as string);
    },
  );
};
