import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOfferingInputSchema,
  OfferingIdParamsSchema,
  OfferingUpdateSchema,
  StaffOfferingListSchema,
  StaffOfferingSchema,
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
};
