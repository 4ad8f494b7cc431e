import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateTablesInputSchema, RateTablesSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { RatesService } from './rates.service.js';

export const ratesRoutes: FastifyPluginAsyncZod<{ rates: RatesService }> = async (app, { rates }) => {
  app.get(
    '/staff/rates',
    {
      schema: {
        tags: ['staff'],
        summary: 'The rate tables: sales tax, shipping by bottle count, destinations that cannot receive wine, shipping notices',
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 200: RateTablesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => rates.read(request.tenant.id),
  );

  app.put(
    '/staff/rates',
    {
      schema: {
        tags: ['staff'],
        summary: 'Replace all four rate tables in one transaction',
        description:
          'Rates are in basis points (725 = 7.25 %) and cents. A state row wins over its country row. One tax rate, restriction and notice per destination; shipping bands of one destination must not overlap (400 naming the row). Quotes after this call use the new tables; orders already placed keep their totals.',
        headers: TenantHeadersSchema,
        body: RateTablesInputSchema,
        security: STAFF_SECURITY,
        response: { 200: RateTablesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => rates.replace({ tenantId: request.tenant.id, staff: request.staff }, request.body),
  );
};
