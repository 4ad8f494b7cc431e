import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangePasswordSchema, CustomerParamsSchema, LoginQuerySchema, LoginSchema, TokenResponseSchema } from '@winery/domain';
import { MEMBER_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { MemberSignIn } from './member-sign-in.js';
import type { PasswordChangeService } from './password-change.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ signIn: MemberSignIn }> = async (app, { signIn }) => {
  app.post(
    '/customer/login',
    {
      schema: {
        tags: ['customer'],
        summary: 'Sign in with e-mail and password',
        description:
          'Answers a signed token valid for 90 days. A wrong e-mail and a wrong password give the same 401. Attempts are limited per IP, and per account and IP with growing waits (429 with Retry-After); the account itself is never locked, and its owner is e-mailed once when failures pile up (ADR 012).',
        headers: TenantHeadersSchema,
        querystring: LoginQuerySchema,
        body: LoginSchema,
        response: { 200: TokenResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    // skipErrorReporting only tells the client not to report this call; the server does nothing with it.
    async (request) => signIn.login(request.tenant.id, request.body, request.ip),
  );

  app.post(
    '/customer/logout',
    {
      schema: {
        tags: ['customer'],
        summary: 'End this session; the token stops working at once',
        headers: TenantHeadersSchema,
        security: MEMBER_SECURITY,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(400, 401, 404) },
      },
      preHandler: [app.requireTenant, app.requireMember],
    },
    async (request, reply) => {
      await signIn.logout(request.tenant.id, request.member.sessionId);
      return reply.code(204).send(null);
    },
  );
};

/** Registered in the member scope (plugins/member-scope.plugin.ts): only the member in the path reaches it. */
export const passwordChangeRoutes: FastifyPluginAsyncZod<{ passwordChange: PasswordChangeService }> = async (app, { passwordChange }) => {
  app.post(
    '/customer/:customerId/password',
    {
      schema: {
        tags: ['customer'],
        summary: "Change the signed-in member's password; every other session ends",
        description:
          'Checks the current password (field error currentPasswordIncorrect; wrong attempts are limited per member, 429 when exceeded; sign-in stays open) and refuses a common new password (passwordTooCommon). This session stays signed in; tokens of other devices answer 401 from then on.',
        headers: TenantHeadersSchema,
        params: CustomerParamsSchema,
        body: ChangePasswordSchema,
        response: { 204: z.null().describe('Password changed'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await passwordChange.changePassword(request.tenant.id, request.member, request.body);
      return reply.code(204).send(null);
    },
  );
};
