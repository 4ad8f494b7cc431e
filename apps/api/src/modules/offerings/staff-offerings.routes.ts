import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AllocationAssignmentListSchema,
  createOfferingInputSchema,
  OfferingIdParamsSchema,
  OfferingUpdateSchema,
  StaffAllocationListSchema,
  StaffOfferingListSchema,
  StaffOfferingSchema,
  StaffWishListSchema,
  StaffWishSchema,
  WishIdParamsSchema,
} from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { StaffOfferingsService } from './staff-offerings.service.js';

export const staffOfferingsRoutes: FastifyPluginAsyncZod<{ offerings: StaffOfferingsService; now: () => Date }> = async (
  app,
  { offerings, now },
) => {
  app.get(
    '/staff/offerings',
    {
      schema: {
        tags: ['staff'],
        summary: 'Every offering, latest start first, with its phase and how many wines and members it has',
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffOfferingListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => offerings.list(request.tenant.id),
  );

  app.post(
    '/staff/offerings',
    {
      schema: {
        tags: ['staff'],
        summary: 'Create an offering: window, letter, vintage notes, wines with prices and stock, rules',
        description:
          "The start must be at least 1 day from now and not after the end (seed §5). Wines, combination rules and stock name catalogue wine ids and location ids; another tenant's id answers 404. The slug must be unused (409). metaData['campaign-type'] follows campaignType.",
        headers: TenantHeadersSchema,
        body: createOfferingInputSchema({ now }),
        security: STAFF_SECURITY,
        response: { 201: StaffOfferingSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await offerings.create(request.tenant.id, request.body)),
  );

  app.get(
    '/staff/offerings/:offeringId',
    {
      schema: {
        tags: ['staff'],
        summary: 'One offering as staff edit it, with stock, allocated and ordered bottles per wine',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffOfferingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => offerings.detail(request.tenant.id, request.params.offeringId),
  );

  app.put(
    '/staff/offerings/:offeringId',
    {
      schema: {
        tags: ['staff'],
        summary: "Replace an offering's content, wines, stock and rules",
        description:
          'Before the start, a changed start must be at least 1 day from now. Once started, the start stays (startDateLocked) and the end may move but not into the past (endDateInPast). Stock is set to the numbers sent; a location left out has none. A wine left out is taken out of the offering with its members\' lines, unless it has been ordered (409).',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: OfferingUpdateSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffOfferingSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => offerings.update(request.tenant.id, request.params.offeringId, request.body),
  );

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
    async (request) => offerings.allocations(request.tenant.id, request.params.offeringId),
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
    async (request) => offerings.assign(request.tenant.id, request.params.offeringId, request.body),
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
    async (request) => offerings.wishes(request.tenant.id, request.params.offeringId),
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
    async (request) => offerings.grant(request.tenant.id, request.params.wishId),
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
    async (request) => offerings.decline(request.tenant.id, request.params.wishId),
  );
};
