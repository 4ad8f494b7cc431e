import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OfferingIdParamsSchema, OfferingOpeningsInputSchema, OfferingOpeningsSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { StaffOpeningsService } from './staff-openings.service.js';

export const staffOpeningsRoutes: FastifyPluginAsyncZod<{ openings: StaffOpeningsService }> = async (app, { openings }) => {
  app.get(
    '/staff/offerings/:offeringId/openings',
    {
      schema: {
        tags: ['staff'],
        summary: "Each tier's own opening (and close) in an offering, earliest first",
        description:
          "A member of a tier listed here sees the offering, and may choose and order, from the tier's opensAt to its closesAt (null: the offering's end); a member of any other tier, from the offering's start to its end.",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: OfferingOpeningsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => openings.list(request.tenant.id, request.params.offeringId),
  );

  app.put(
    '/staff/offerings/:offeringId/openings',
    {
      schema: {
        tags: ['staff'],
        summary: "Replace the tiers' openings of an offering",
        description:
          "Every tier at most once (tierOpeningRepeated), each opening before its close (opensAfterCloses); a close not after the offering's end (closesAfterOfferingEnd) and an opening before it (opensAfterOfferingEnd). An empty list gives every member the offering's own window. A tier of another tenant, or an unknown offering, answers 404.",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: OfferingOpeningsInputSchema,
        security: STAFF_SECURITY,
        response: { 200: OfferingOpeningsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      openings.replace({ tenantId: request.tenant.id, staff: request.staff }, request.params.offeringId, request.body),
  );
};
