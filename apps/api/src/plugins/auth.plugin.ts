import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Principals, SignedInMember, SignedInStaff } from '../shared/principals.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireMember`: the signed-in member of `request.tenant`. */
    member: SignedInMember;
    /** Set by `app.requireStaff`: the signed-in staff member of `request.tenant`. */
    staff: SignedInStaff;
  }
  interface FastifyInstance {
    requireMember: (request: FastifyRequest) => Promise<void>;
    requireStaff: (request: FastifyRequest) => Promise<void>;
  }
}

export type Audience = keyof Principals;

/** What the plugin needs of an audience's sign-in (modules/auth/password-sign-in.ts answers it). */
export interface Authenticator<P> {
  /** Who is behind the token, valid for this tenant right now; throws an unauthorized ApiError otherwise. */
  authenticate(tenantId: string, authorization: string | undefined): Promise<P>;
}

export interface AuthPluginOptions<A extends Audience> {
  audience: A;
  authenticator: Authenticator<Principals[A]>;
}

const REQUIRE = { member: 'requireMember', staff: 'requireStaff' } as const satisfies Record<Audience, keyof FastifyInstance>;

/**
 * Registered once per audience. Members and staff both send `Authorization: <token>`, the raw
 * signed token with no scheme word (PRODUCT.md); the audience decides which tokens and sessions
 * count and where the caller is kept (`request.member`, `request.staff`). Runs after
 * `requireTenant`, so the token must belong to the request's tenant.
 */
async function authPlugin<A extends Audience>(app: FastifyInstance, options: AuthPluginOptions<A>) {
  const { audience, authenticator } = options;
  // Named by the audience, so typed by the declarations above rather than here.
  app.decorateRequest(audience as string, null);
  app.decorate(REQUIRE[audience] as string, async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const principal = await authenticator.authenticate(request.tenant.id, Array.isArray(header) ? header[0] : header);
    (request as unknown as Principals)[audience] = principal;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['tenant'] });
