import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InvitationListQuerySchema,
  InvitationsInputSchema,
  InvitationSummaryQuerySchema,
  InvitationSummarySchema,
  MailsQueuedSchema,
  OfferingIdParamsSchema,
  RemindersInputSchema,
  StaffInvitationPageSchema,
} from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { InvitationsService } from './invitations.service.js';

/** Staff e-mail an offering's members their allocation links, remind them, and follow each one. */
export const invitationsRoutes: FastifyPluginAsyncZod<{ invitations: InvitationsService }> = async (app, { invitations }) => {
  const actor = (request: { tenant: { id: string }; staff?: { staffUserId: string } | null }) => ({
    tenantId: request.tenant.id,
    staff: request.staff ?? null,
  });

  app.post(
    '/staff/offerings/:offeringId/invitations',
    {
      schema: {
        tags: ['staff'],
        summary: "E-mail the offering's members their personal allocation links",
        description:
          "One e-mail per member with an allocation in the offering (or only the customerIds given, and/or only the members of tierId; one without an allocation answers 400 naming it, and nothing is sent). Members already invited (e-mail queued or sent, link used, ordered) are skipped unless resend is true; deactivated members always are; the same request sent several times at once queues each e-mail once. Each link signs its member in and opens this allocation, once, until the offering's end plus the 30-day grace window. A draft, a cancelled offering or one past its grace window answers 409.",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: InvitationsInputSchema,
        security: STAFF_SECURITY,
        response: { 202: MailsQueuedSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(await invitations.send(actor(request), request.params.offeringId, request.body ?? {})),
  );

  app.get(
    '/staff/offerings/:offeringId/invitations',
    {
      schema: {
        tags: ['staff'],
        summary: "Each member's invitation: queued, sent, failed, link used or ordered, with when (a page)",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        querystring: InvitationListQuerySchema,
        security: STAFF_SECURITY,
        response: { 200: StaffInvitationPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => invitations.list(request.tenant.id, request.params.offeringId, request.query),
  );

  app.get(
    '/staff/offerings/:offeringId/invitations/summary',
    {
      schema: {
        tags: ['staff'],
        summary: "How many of the offering's members are at each step of their invitation",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        querystring: InvitationSummaryQuerySchema,
        security: STAFF_SECURITY,
        response: { 200: InvitationSummarySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await invitations.summary(request.tenant.id, request.params.offeringId, request.query.tierId)),
  );

  app.post(
    '/staff/offerings/:offeringId/reminders',
    {
      schema: {
        tags: ['staff'],
        summary: 'Remind invited members who have not ordered, with a fresh allocation link',
        description: 'All such members, or only the customerIds given (each must have an allocation), and/or only the members of tierId. Members not invited, who ordered or are deactivated are skipped.',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: RemindersInputSchema,
        security: STAFF_SECURITY,
        response: { 202: MailsQueuedSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(await invitations.remind(actor(request), request.params.offeringId, request.body ?? {})),
  );
};
