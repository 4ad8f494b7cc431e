import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OfferingIdParamsSchema,
  StaffWishPageSchema,
  StaffWishSchema,
  WishBulkGrantInputSchema,
  WishBulkGrantResultSchema,
  WishGrantInputSchema,
  WishIdParamsSchema,
  WishListQuerySchema,
} from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { StaffWishesService } from './staff-wishes.service.js';

/** Members' wishes for more bottles, as staff answer them. */
export const staffWishesRoutes: FastifyPluginAsyncZod<{ wishes: StaffWishesService }> = async (app, { wishes }) => {
  const actor = (request: { tenant: { id: string }; staff?: { staffUserId: string } | null }) => ({
    tenantId: request.tenant.id,
    staff: request.staff ?? null,
  });

  app.get(
    '/staff/offerings/:offeringId/wishes',
    {
      schema: {
        tags: ['staff'],
        summary: "Members' requests for more than their allocation, waiting ones first (a page)",
        description: "Each with the bottles of its wine left to grant and the member's history (offerings, orders, wishes granted, member since).",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        querystring: WishListQuerySchema,
        security: STAFF_SECURITY,
        response: { 200: StaffWishPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => wishes.list(request.tenant.id, request.params.offeringId, request.query),
  );

  app.post(
    '/staff/wishes/:wishId/grant',
    {
      schema: {
        tags: ['staff'],
        summary: "Grant a wish, all or part: the member's maximum rises by the bottles granted, and they are e-mailed a link to order",
        description:
          'quantity (1 up to the bottles asked for) grants part; left out, all. More than is left of the wine answers 409. Granting a granted wish again changes nothing; a declined one answers 409.',
        headers: TenantHeadersSchema,
        params: WishIdParamsSchema,
        body: WishGrantInputSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffWishSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => wishes.grant(actor(request), request.params.wishId, request.body?.quantity),
  );

  app.post(
    '/staff/wishes/:wishId/decline',
    {
      schema: {
        tags: ['staff'],
        summary: "Decline a wish; the member's limits stay as they are and they are told kindly",
        description: 'Declining a declined wish again changes nothing; a granted one answers 409.',
        headers: TenantHeadersSchema,
        params: WishIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffWishSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => wishes.decline(actor(request), request.params.wishId),
  );

  app.post(
    '/staff/offerings/:offeringId/wishes/bulk-grant',
    {
      schema: {
        tags: ['staff'],
        summary: 'Grant every waiting wish by a rule (proRata or tenure), never beyond what is left',
        description:
          'proRata: floor(left × asked / total asked), the rest to the largest fractions, then the earliest request. tenure: oldest members first, each up to what they asked. dryRun (default true) only answers the grants; false grants and e-mails them in one transaction.',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: WishBulkGrantInputSchema,
        security: STAFF_SECURITY,
        response: { 200: WishBulkGrantResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => wishes.bulkGrant(actor(request), request.params.offeringId, request.body.rule, request.body.dryRun),
  );
};
