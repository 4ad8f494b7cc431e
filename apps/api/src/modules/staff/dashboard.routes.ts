import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { DashboardService } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/staff/dashboard',
    {
      schema: {
        tags: ['staff'],
        summary: 'The open offering(s) and the next one: countdown, invited, signed in, ordered, take-up, bottles sold and left, revenue, wishes',
        description:
          "Published offerings open now, and the next one to start. invited: allocated members sent their allocation link; signedInThroughLink: those who opened it; ordered: members with an order not cancelled; takeUpPercent = ordered / invited × 100 (one decimal). revenueCents: wine sales before shipping and tax. prospectsWaiting: prospects' requests not decided. Never cached (the console polls it while an offering is open).",
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 200: DashboardSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboard.read(request.tenant.id);
    },
  );
};
