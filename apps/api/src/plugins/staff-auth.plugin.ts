import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SignedInStaff, StaffService } from '../modules/staff/staff.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireStaff`: the signed-in staff member of `request.tenant`. */
    staff: SignedInStaff;
  }
  interface FastifyInstance {
    requireStaff: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Staff send `Authorization: <token>` like members, the raw token with no scheme word, but a
 * staff token (audience winery-staff) with a live row in staff_sessions. Runs after
 * `requireTenant`, so the token must belong to the request's tenant.
 */
async function staffAuthPlugin(app: FastifyInstance, options: { staff: StaffService }) {
  app.decorateRequest('staff', null as unknown as SignedInStaff);

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    request.staff = await options.staff.authenticate(request.tenant.id, Array.isArray(header) ? header[0] : header);
  });
}

export default fp(staffAuthPlugin, { name: 'staff-auth', dependencies: ['tenant'] });
