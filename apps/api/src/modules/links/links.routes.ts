import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailOnlySchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import {
  LinkExchangeResponseSchema,
  LinkExchangeSchema,
  SignInRequestCreatedSchema,
  SignInRequestParamsSchema,
  SignInRequestSchema,
} from './links.schemas.js';
import type { LinksService } from './links.service.js';

/** Sign-in links (/magic-link/{id}, /login-by-link/{token}) and trading any member link for a session. */
export const linksRoutes: FastifyPluginAsyncZod<{ links: LinksService }> = async (app, { links }) => {
  app.post(
    '/customer/login-link',
    {
      schema: {
        tags: ['customer'],
        summary: 'E-mail a one-time sign-in link (15 minutes)',
        description:
          'Always 202 with a new requestId for /magic-link/{requestId}, whether or not a member has that address; only a member gets an e-mail, to /login-by-link/{token}. Limited per e-mail address and IP and per IP (429 with Retry-After and the wait in words); past a cap per e-mail address the answer stays the same and nothing is sent (ADR 012).',
        headers: TenantHeadersSchema,
        body: EmailOnlySchema,
        response: { 202: SignInRequestCreatedSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request, reply) => reply.code(202).send(await links.requestSignInLink(request.tenant.id, request.body.email, request.ip)),
  );

  app.get(
    '/customer/login-link/:requestId',
    {
      schema: {
        tags: ['customer'],
        summary: 'A sign-in request as the /magic-link/{id} page shows it',
        description: 'When it was made and when "resend" opens; never the e-mail address, nor whether it belongs to a member.',
        headers: TenantHeadersSchema,
        params: SignInRequestParamsSchema,
        response: { 200: SignInRequestSchema, ...errorResponses(400, 404) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) => links.getSignInRequest(request.tenant.id, request.params.requestId),
  );

  app.post(
    '/customer/login-link/:requestId/resend',
    {
      schema: {
        tags: ['customer'],
        summary: 'Send a fresh sign-in link for the same request; the previous one stops working',
        description:
          'The same answer whether or not the request has a member. Before canResendAt: 429. A request more than an hour old: 400, ask again. Counts against the same per-address and per-IP limits as a new request.',
        headers: TenantHeadersSchema,
        params: SignInRequestParamsSchema,
        response: { 202: SignInRequestSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request, reply) =>
      reply.code(202).send(await links.resendSignInLink(request.tenant.id, request.params.requestId, request.ip)),
  );

  app.post(
    '/customer/link/exchange',
    {
      schema: {
        tags: ['customer'],
        summary: 'Trade an e-mailed sign-in, account or allocation link for a member token',
        description:
          "The link works once, for its own purpose and producer. The answer is the token POST /v1/customer/login gives (90 days); allocation links add the allocationId whose offering to open. A used, expired, unknown or wrong-purpose link: 400 linkInvalid ('This link has expired or was already used.'); an allocation link past its offering's grace window: 400 allocationLinkExpired. Links that do not work are limited per IP (429).",
        headers: TenantHeadersSchema,
        body: LinkExchangeSchema,
        response: { 200: LinkExchangeResponseSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) => links.exchange(request.tenant.id, request.body, request.ip),
  );
};
