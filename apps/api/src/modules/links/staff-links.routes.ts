import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OfferingIdParamsSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { InvitationsInputSchema, InvitationsSentSchema, LinkSentSchema, StaffMemberParamsSchema } from './links.schemas.js';
import type { LinksService } from './links.service.js';

/** Staff send members personal links: to their account, and to an offering (the invitation e-mails). */
export const staffLinksRoutes: FastifyPluginAsyncZod<{ links: LinksService }> = async (app, { links }) => {
  app.post(
    '/staff/members/:customerId/account-link',
    {
      schema: {
        tags: ['staff'],
        summary: 'E-mail a member a link that signs them in and opens their account (72 hours, once)',
        headers: TenantHeadersSchema,
        params: StaffMemberParamsSchema,
        security: STAFF_SECURITY,
        response: { 202: LinkSentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => reply.code(202).send(await links.sendAccountLink(request.tenant.id, request.params.customerId)),
  );

  app.post(
    '/staff/offerings/:offeringId/invitations',
    {
      schema: {
        tags: ['staff'],
        summary: "E-mail the offering's members their personal allocation links",
        description:
          "One e-mail per member with an allocation in the offering (or only the customerIds given; one without an allocation answers 400 naming it, and nothing is sent). Each link signs its member in and opens this allocation, once, until the offering's end plus the 30-day grace window. A cancelled offering, or one past its grace window, answers 409.",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: InvitationsInputSchema,
        security: STAFF_SECURITY,
        response: { 202: InvitationsSentSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await links.sendAllocationInvitations(request.tenant.id, request.params.offeringId, request.body?.customerIds)),
  );
};
