import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { textInput, UnsubscribeInputSchema, UnsubscribeStateSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { UnsubscribeService } from './unsubscribe.service.js';

/**
 * An unsubscribe token as it arrives from the URL. Only what no token can be is refused here; a
 * malformed one gets the same answer as an altered or expired one, from the service.
 */
const UnsubscribeParamsSchema = z.object({
  token: textInput({ error: 'unsubscribeLinkInvalid', trim: false })
    .min(1, { error: 'unsubscribeLinkInvalid' })
    .max(256, { error: 'unsubscribeLinkInvalid' }),
});

const TOKEN_ANSWERS =
  "The token comes from an e-mail's unsubscribe link: one member, one kind of e-mail, 90 days; it cannot sign anyone in. An altered, expired or another producer's token, or a member no longer active: 400 unsubscribeLinkInvalid on the token field.";

/** The /unsubscribe/{token} page's calls: what the link is for, and the switch it may turn. */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ unsubscribe: UnsubscribeService }> = async (app, { unsubscribe }) => {
  app.get(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['customer'],
        summary: "An unsubscribe link: which kind of e-mail it stops, and whether it still goes",
        description: `No sign-in. ${TOKEN_ANSWERS}`,
        headers: TenantHeadersSchema,
        params: UnsubscribeParamsSchema,
        response: { 200: UnsubscribeStateSchema, ...errorResponses(400, 404) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) => unsubscribe.read(request.params.token, request.tenant.id),
  );

  app.put(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['customer'],
        summary: 'Turn the kind of e-mail an unsubscribe link is for off, or on again',
        description: `No sign-in; the same answer however often it is sent. ${TOKEN_ANSWERS}`,
        headers: TenantHeadersSchema,
        params: UnsubscribeParamsSchema,
        body: UnsubscribeInputSchema,
        response: { 200: UnsubscribeStateSchema, ...errorResponses(400, 404) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) => unsubscribe.set(request.params.token, request.tenant.id, request.body.subscribed),
  );
};

/**
 * RFC 8058 one-click unsubscribe: a mail app POSTs `List-Unsubscribe=One-Click` to the link in the
 * List-Unsubscribe header — the page's own address, outside /v1 — with no cookie, no tenant header
 * and no token but the URL's. Whatever body it sends (form-encoded, multipart, none) is read as
 * nothing; the link alone says what to stop.
 */
export const oneClickUnsubscribeRoute: FastifyPluginAsyncZod<{ unsubscribe: UnsubscribeService }> = async (app, { unsubscribe }) => {
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, undefined));

  app.post(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['customer'],
        summary: "One-click unsubscribe (RFC 8058): the mail app's POST to the link in List-Unsubscribe",
        description: `No sign-in, no tenant header, any body: 200 with the kind turned off, the same however often it is sent. ${TOKEN_ANSWERS} A browser's GET of the same address is the page that confirms it.`,
        params: UnsubscribeParamsSchema,
        response: { 200: UnsubscribeStateSchema, ...errorResponses(400) },
      },
    },
    async (request) => unsubscribe.set(request.params.token, null, false),
  );
};
