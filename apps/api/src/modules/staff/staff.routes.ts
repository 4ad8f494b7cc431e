import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StaffLoginSchema, StaffTokenResponseSchema, StaffUserSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { toStaffUserView, type StaffSignIn } from './staff-sign-in.js';

export const staffRoutes: FastifyPluginAsyncZod<{ signIn: StaffSignIn }> = async (app, { signIn }) => {
  app.post(
    '/staff/login',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in with e-mail and password',
        description:
          'Answers a staff token valid for 12 hours; it opens /v1/staff/… only, never a member route. Attempts count against the same per-IP limit as member sign-ins, and per account and IP with growing waits (429 with Retry-After); the account is never locked (ADR 012).',
        headers: TenantHeadersSchema,
        body: StaffLoginSchema,
        response: { 200: StaffTokenResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) => signIn.login(request.tenant.id, request.body, request.ip),
  );

  app.post(
    '/staff/logout',
    {
      schema: {
        tags: ['staff'],
        summary: 'End this staff session; the token stops working at once',
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(400, 401, 404) },
      },
      // Every role may end its own session; without this a viewer could not sign out.
      config: { staffRole: 'viewer' },
    },
    async (request, reply) => {
      await signIn.logout(request.tenant.id, request.staff.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff/me',
    {
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member',
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffUserSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => toStaffUserView(request.staff),
  );
};
