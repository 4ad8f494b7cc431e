import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailOnlySchema, SetPasswordSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { LinkSentSchema, StaffMemberParamsSchema } from '../links/links.schemas.js';
import type { PasswordsService } from './passwords.service.js';

const ResetRequestedSchema = z.object({ message: z.string() });
const SignedInSchema = z.object({
  token: z.string().describe('A member token, the same as POST /v1/customer/login answers (90 days)'),
  customerId: z.uuid(),
});

const CONFIRM_DESCRIPTION =
  "The link works once and only for its own purpose and producer; otherwise 400 linkInvalid on the token field ('This link has expired or was already used.'). A common password answers 400 passwordTooCommon on the password field and leaves the link usable. On success every session of the member ends, a 'password changed' e-mail is sent, and the answer signs this browser in.";

/** Forgotten passwords, first passwords for invited members, and staff's invitation to create one. */
export const passwordsRoutes: FastifyPluginAsyncZod<{ passwords: PasswordsService }> = async (app, { passwords }) => {
  app.post(
    '/customer/password-reset',
    {
      schema: {
        tags: ['customer'],
        summary: 'E-mail a link to reset a forgotten password (30 minutes)',
        description:
          'Always the same 202 and message, in about the same time, whether or not a member has the address. Earlier unused reset links of the member stop working. Limited per e-mail address and IP and per IP (429 with Retry-After and the wait in words); past a cap per e-mail address the answer stays the same and no new link is sent (ADR 012).',
        headers: TenantHeadersSchema,
        body: EmailOnlySchema,
        response: { 202: ResetRequestedSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request, reply) => reply.code(202).send(await passwords.requestReset(request.tenant.id, request.body.email, request.ip)),
  );

  app.post(
    '/customer/password-reset/confirm',
    {
      schema: {
        tags: ['customer'],
        summary: 'Set a new password from a reset link, and sign in',
        description: CONFIRM_DESCRIPTION,
        headers: TenantHeadersSchema,
        body: SetPasswordSchema,
        response: { 200: SignedInSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) => passwords.confirm(request.tenant.id, 'reset-password', request.body, request.ip),
  );

  app.post(
    '/customer/password-create/confirm',
    {
      schema: {
        tags: ['customer'],
        summary: 'Create the first password from an invitation link, and sign in',
        description: CONFIRM_DESCRIPTION,
        headers: TenantHeadersSchema,
        body: SetPasswordSchema,
        response: { 200: SignedInSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) => passwords.confirm(request.tenant.id, 'create-password', request.body, request.ip),
  );

  app.post(
    '/staff/members/:customerId/invite',
    {
      schema: {
        tags: ['staff'],
        summary: 'E-mail a member a link to create their password (72 hours, once)',
        description: "Earlier unused invitation links of the member stop working. The link opens /create-password/{token}.",
        headers: TenantHeadersSchema,
        params: StaffMemberParamsSchema,
        security: STAFF_SECURITY,
        response: { 202: LinkSentSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(await passwords.invite(request.tenant.id, request.params.customerId, request.staff)),
  );
};
