import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiErrorSchema } from '@winery/domain';
import { ApiError } from '../shared/api-error.js';
import { API_MESSAGES } from '../shared/api-messages.js';
import { MEMBER_SECURITY } from '../shared/http-schemas.js';
import { admissionHooks } from './admission.js';

/** The path parameter that names whose records a route reads or changes. */
const OWNER_PARAM = /\/:customerId(\/|$)/;

/**
 * A member's own records: every route registered in the scope this plugin is added to names a
 * customer in its path (`/:tenant/customer/:customerId/…`, `/customer/:customerId/…`), and only
 * that customer, signed in, may call it. Its hooks resolve the tenant, check the member's token
 * and compare the path's customer with the signed-in one, once for all those routes.
 *
 * The comparison comes before any look-up, so the answer (403) is the same whether the other id
 * exists or not; and, like staff routes, before validation (admission.ts), so a stranger's bad
 * body is 401, not a lesson in which fields the route wants.
 */
async function memberScopePlugin(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    if (!OWNER_PARAM.test(route.url)) {
      throw new Error(`${String(route.method)} ${route.url} names no :customerId: register it outside the member scope.`);
    }
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...schema,
      security: schema.security ?? MEMBER_SECURITY,
      response: { ...response, 401: response[401] ?? ApiErrorSchema, 403: response[403] ?? ApiErrorSchema },
    };
  });

  const admit = async (request: FastifyRequest) => {
    await scope.requireTenant(request);
    await scope.requireMember(request);
    const { customerId } = request.params as { customerId?: string };
    if (request.member.customerId !== customerId) throw new ApiError('forbidden', API_MESSAGES.otherCustomer);
  };
  const hooks = admissionHooks(admit, (request) => Boolean(request.member));
  scope.addHook('preValidation', hooks.preValidation);
  scope.addHook('preHandler', hooks.preHandler);
}

/** Added to the scope that registers a member's own routes (fastify-plugin: its hooks are that scope's). */
export default fp(memberScopePlugin, { name: 'member-scope', dependencies: ['tenant', 'auth'] });
