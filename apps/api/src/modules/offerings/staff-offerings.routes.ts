import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOfferingInputSchema,
  OfferingIdParamsSchema,
  OfferingUpdateSchema,
  StaffOfferingListQuerySchema,
  StaffOfferingPageSchema,
  StaffOfferingSchema,
} from '@winery/domain';
import type { AuditActor } from '../../shared/audit.js';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { StaffOfferingsService } from './staff-offerings.service.js';

const actor = (request: { tenant: { id: string }; staff: { staffUserId: string } }): AuditActor => ({
  tenantId: request.tenant.id,
  staff: request.staff,
});

export const staffOfferingsRoutes: FastifyPluginAsyncZod<{ offerings: StaffOfferingsService; now: () => Date }> = async (
  app,
  { offerings, now },
) => {
  app.get(
    '/staff/offerings',
    {
      schema: {
        tags: ['staff'],
        summary: 'Every offering, latest start first, with its phase, status and how many wines and members it has',
        description:
          'A page at a time (`limit`, `cursor`). `phase=scheduled|open|closed` keeps the published offerings in that phase now; `phase=draft` the drafts, whatever their window. Without it, every offering.',
        headers: TenantHeadersSchema,
        querystring: StaffOfferingListQuerySchema,
        security: STAFF_SECURITY,
        response: { 200: StaffOfferingPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => offerings.list(request.tenant.id, request.query),
  );

  app.post(
    '/staff/offerings',
    {
      schema: {
        tags: ['staff'],
        summary: 'Create an offering: window, letter, vintage notes, wines with prices, stock and default limits, rules',
        description:
          "The start must be at least 1 day from now and not after the end (seed §5), drafts included (`status: 'draft'`: members never see it until it is published). Wines, combination rules and stock name catalogue wine ids and location ids; another tenant's id answers 404. The slug must be unused (409). metaData['campaign-type'] follows campaignType. letterMarkdown and vintageNotesMarkdown, when not empty, are what members read, rendered to sanitised HTML.",
        headers: TenantHeadersSchema,
        body: createOfferingInputSchema({ now }),
        security: STAFF_SECURITY,
        response: { 201: StaffOfferingSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await offerings.create(actor(request), request.body)),
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
          "Before the start, a changed start must be at least 1 day from now. Once started, the start stays (startDateLocked) and the end may move but not into the past (endDateInPast). Stock is set to the numbers sent; a location left out has none. A wine left out is taken out of the offering with its members' lines, unless it has been ordered (409). The status changes only through publish.",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: OfferingUpdateSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffOfferingSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => offerings.update(actor(request), request.params.offeringId, request.body),
  );

  app.post(
    '/staff/offerings/:offeringId/publish',
    {
      schema: {
        tags: ['staff'],
        summary: 'Publish a draft: members allocated to it see it from its start',
        description: 'Publishing an offering already published changes nothing.',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffOfferingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => offerings.publish(actor(request), request.params.offeringId),
  );

  app.post(
    '/staff/offerings/:offeringId/close',
    {
      schema: {
        tags: ['staff'],
        summary: 'Close an open offering now: closedEarlyAt is now and its end the millisecond before, so it reads closed from now on',
        description:
          'Closing an offering already closed early changes nothing; one that is not open (not started, or past its end) answers 409.',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffOfferingSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => offerings.close(actor(request), request.params.offeringId),
  );

  app.post(
    '/staff/offerings/:offeringId/duplicate',
    {
      schema: {
        tags: ['staff'],
        summary: "Duplicate an offering as a draft: last season's offering as the start of the next",
        description:
          'Same content, wines, prices, default limits and rules; no stock (0 at the same locations) and no members; named "… (copy)", slug "…-copy-N", its window one year later.',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 201: StaffOfferingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await offerings.duplicate(actor(request), request.params.offeringId)),
  );
};
