import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { LinkSentSchema, StaffMemberParamsSchema } from './links.schemas.js';
import type { LinksService } from './links.service.js';

/** Staff send members a personal link to their account (invitations to offerings: modules/invitations). */
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
        response: { 202: LinkSentSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(await links.sendAccountLink(request.tenant.id, request.params.customerId, request.staff)),
  );
};
