import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ApiErrorSchema, type StaffRole } from '@winery/domain';
import { defaultStaffRole, staffRoleAllows, staffRoleSentence, strictestStaffRole } from '../modules/staff/staff-roles.js';
import { STAFF_SECURITY } from '../modules/staff/staff-security.js';
import type { SignedInStaff, StaffService } from '../modules/staff/staff.service.js';
import { ApiError } from '../shared/api-error.js';
import { API_MESSAGES } from '../shared/api-messages.js';
import { TenantHeadersSchema } from '../shared/http-schemas.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every `/v1/staff/…` route (but sign-in): the signed-in staff member of `request.tenant`. */
    staff: SignedInStaff;
  }
  interface FastifyInstance {
    requireStaff: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * The least staff role a `/v1/staff/…` route needs. Left out: GET and HEAD need a viewer,
     * every other method a manager. Staff-account management declares 'admin'.
     */
    staffRole?: StaffRole;
  }
}

/** Every route under it is a staff route; new ones are guarded the moment they are registered. */
const STAFF_PREFIX = '/v1/staff';
/** The only staff routes a caller reaches without a staff token. */
const OPEN_STAFF_ROUTES = new Set(['POST /v1/staff/login']);

const isStaffPath = (url: string) => url === STAFF_PREFIX || url.startsWith(`${STAFF_PREFIX}/`);

type Hook = (request: FastifyRequest) => Promise<void>;
const hooksOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Staff send `Authorization: <token>` like members, the raw token with no scheme word, but a
 * staff token (audience winery-staff) with a live row in staff_sessions, for the request's tenant.
 *
 * Route authors do not wire this: an onRoute hook gives every route under /v1/staff/ (sign-in
 * aside) the tenant, the staff sign-in and the role check, so a route added tomorrow cannot
 * forget them. The role is read from the database on every request, so a change applies at once.
 */
async function staffAuthPlugin(app: FastifyInstance, options: { staff: StaffService }) {
  app.decorateRequest('staff', null as unknown as SignedInStaff);

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    request.staff = await options.staff.authenticate(request.tenant.id, Array.isArray(header) ? header[0] : header);
  });

  app.addHook('onRoute', (route) => {
    if (!isStaffPath(route.url)) return;
    const methods = [route.method].flat().map((method) => method.toUpperCase());
    if (methods.every((method) => OPEN_STAFF_ROUTES.has(`${method} ${route.url}`))) return;

    // A declared role is taken as it is, stricter or looser (sign-out is open to every role).
    const required = route.config?.staffRole ?? strictestStaffRole(methods.map(defaultStaffRole));

    const admit: Hook = async (request) => {
      await app.requireTenant(request);
      await app.requireStaff(request);
      if (!staffRoleAllows(request.staff.role, required)) {
        throw new ApiError('forbidden', API_MESSAGES.staffRoleTooLow(required === 'admin' ? 'admin' : 'manager'));
      }
    };
    // Before validation, so that a caller without the right learns nothing from the route, not
    // even which fields it wants, and a viewer's write answers 403 whatever its body. A missing or
    // malformed tenant header is left to the route's own validation (its 400 names the field);
    // the second run, after validation, covers a route that declares no header schema.
    const beforeValidation: Hook = async (request) => {
      if (TenantHeadersSchema.safeParse(request.headers).success) await admit(request);
    };
    const afterValidation: Hook = async (request) => {
      if (!request.staff) await admit(request);
    };

    const own = new Set<unknown>([app.requireTenant, app.requireStaff]);
    route.preValidation = [beforeValidation, ...hooksOf(route.preValidation)] as RouteOptions['preValidation'];
    route.preHandler = [afterValidation, ...hooksOf(route.preHandler).filter((hook) => !own.has(hook))] as RouteOptions['preHandler'];

    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...schema,
      security: schema.security ?? STAFF_SECURITY,
      description: [schema.description, staffRoleSentence(required)].filter(Boolean).join(' '),
      response: { ...response, 401: response[401] ?? ApiErrorSchema, 403: response[403] ?? ApiErrorSchema },
    };
  });
}

export default fp(staffAuthPlugin, { name: 'staff-auth', dependencies: ['tenant'] });
