import type { FastifyRequest } from 'fastify';
import { TenantHeadersSchema } from '../shared/http-schemas.js';

type Hook = (request: FastifyRequest) => Promise<void>;

/**
 * The hooks that let a caller into a guarded route (staff routes, a member's own records) before
 * the route validates anything, so a caller without the right learns nothing from it, not even
 * which fields it wants: a stranger's bad body is 401, a viewer's write 403, whatever the body.
 *
 * A missing or malformed tenant header is left to the route's own validation (its 400 names the
 * field); the second run, after validation, covers a route that declares no header schema.
 */
export function admissionHooks(admit: Hook, admitted: (request: FastifyRequest) => boolean): { preValidation: Hook; preHandler: Hook } {
  return {
    async preValidation(request) {
      if (TenantHeadersSchema.safeParse(request.headers).success) await admit(request);
    },
    async preHandler(request) {
      if (!admitted(request)) await admit(request);
    },
  };
}
