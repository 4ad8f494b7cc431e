import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AllocationAssignmentListSchema,
  OfferingIdParamsSchema,
  StaffAllocationListSchema,
  StaffWishListSchema,
  StaffWishSchema,
  WishIdParamsSchema,
} from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { StaffAllocationsService } from './staff-allocations.service.js';
import type { StaffWishesService } from './staff-wishes.service.js';

/** Members' allocations in an offering and their wishes, as staff assign and answer them. */
export const staffAllocationsRoutes: FastifyPluginAsyncZod<{ allocations: StaffAllocationsService; wishes: StaffWishesService }> = async (
  app,
  { allocations, wishes },
) => {
  app.get(
    '/staff/offerings/:offeringId/allocations',
    {
      schema: {
        tags: ['staff'],
        summary: 'The members invited to an offering, with their limits per wine',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffAllocationListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => allocations.list(request.tenant.id, request.params.offeringId),
  );

  app.put(
    '/staff/offerings/:offeringId/allocations',
    {
      schema: {
        tags: ['staff'],
        summary: "Invite members to an offering or change their limits, all or nothing",
        description:
          "Each item names a member by customerId or email and lists their lines (catalogue wine ids of this offering, minimum ≤ maximum); the lines become the member's limits. Members not listed keep theirs. An unknown member answers 404 and a wine outside the offering 400, each naming the item; nothing is saved then. Up to 1,000 members per call.",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: AllocationAssignmentListSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffAllocationListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => allocations.assign(request.tenant.id, request.params.offeringId, request.body),
  );

  app.get(
    '/staff/offerings/:offeringId/wishes',
    {
      schema: {
        tags: ['staff'],
        summary: "Members' requests for more than their allocation, waiting ones first",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffWishListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => wishes.list(request.tenant.id, request.params.offeringId),
  );

  app.post(
    '/staff/wishes/:wishId/grant',
    {
      schema: {
        tags: ['staff'],
        summary: "Grant a wish: the member's maximum for the wine rises by the bottles asked for",
        description: 'A wish is answered once: granting or declining it again answers 409.',
        headers: TenantHeadersSchema,
        params: WishIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffWishSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => wishes.grant(request.tenant.id, request.params.wishId),
  );

  app.post(
    '/staff/wishes/:wishId/decline',
    {
      schema: {
        tags: ['staff'],
        summary: "Decline a wish; the member's limits stay as they are",
        headers: TenantHeadersSchema,
        params: WishIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffWishSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => wishes.decline(request.tenant.id, request.params.wishId),
  );
};
