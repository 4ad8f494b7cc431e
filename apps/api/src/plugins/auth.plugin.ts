import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { TokenClaims } from '../modules/auth/token.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireMember`: the signed-in member of `request.tenant`. */
    member: TokenClaims;
  }
  interface FastifyInstance {
    requireMember: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Members send `Authorization: <token>`, the raw signed token with no scheme word (PRODUCT.md).
 * Runs after `requireTenant`, so the token must belong to the request's tenant.
 */
async function authPlugin(app: FastifyInstance, options: { auth: AuthService }) {
  app.decorateRequest('member', null as unknown as TokenClaims);

  app.decorate('requireMember', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    request.member = await options.auth.authenticate(request.tenant.id, Array.isArray(header) ? header[0] : header);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['tenant'] });
