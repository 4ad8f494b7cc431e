import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ApiErrorSchema, type StaffRole } from '@winery/domain';
import { ApiError } from '../shared/api-error.js';
import { API_MESSAGES } from '../shared/api-messages.js';
import { STAFF_SECURITY } from '../shared/http-schemas.js';
import { defaultStaffRole, staffRoleAllows, staffRoleSentence, strictestStaffRole } from '../shared/staff-roles.js';
import { admissionHooks } from './admission.js';

declare module 'fastify' {
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
/** The only staff routes a caller reaches without a staff token (an invited colleague's link is its own proof, ADR 016). */
const OPEN_STAFF_ROUTES = new Set(['POST /v1/staff/login', 'POST /v1/staff/create-password']);

const isStaffPath = (url: string) => url === STAFF_PREFIX || url.startsWith(`${STAFF_PREFIX}/`);

const hooksOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Route authors do not wire staff sign-in: an onRoute hook gives every route under /v1/staff/
 * (sign-in aside) the tenant, the staff sign-in (`app.requireStaff`, auth.plugin.ts) and the role
 * check, before validation (admission.ts), so a route added tomorrow cannot forget them.
 */
async function staffGuardPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!isStaffPath(route.url)) return;
    const methods = [route.method].flat().map((method) => method.toUpperCase());
    if (methods.every((method) => OPEN_STAFF_ROUTES.has(`${method} ${route.url}`))) return;

    // A declared role is taken as it is, stricter or looser (sign-out is open to every role).
    const required = route.config?.staffRole ?? strictestStaffRole(methods.map(defaultStaffRole));

    const admit = async (request: FastifyRequest) => {
      await app.requireTenant(request);
      await app.requireStaff(request);
      if (!staffRoleAllows(request.staff.role, required)) {
        throw new ApiError('forbidden', API_MESSAGES.staffRoleTooLow(required === 'admin' ? 'admin' : 'manager'));
      }
    };
    const hooks = admissionHooks(admit, (request) => Boolean(request.staff));

    const own = new Set<unknown>([app.requireTenant, app.requireStaff]);
    route.preValidation = [hooks.preValidation, ...hooksOf(route.preValidation)] as RouteOptions['preValidation'];
    route.preHandler = [hooks.preHandler, ...hooksOf(route.preHandler).filter((hook) => !own.has(hook))] as RouteOptions['preHandler'];

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

export default fp(staffGuardPlugin, { name: 'staff-guard', dependencies: ['tenant', 'auth'] });
