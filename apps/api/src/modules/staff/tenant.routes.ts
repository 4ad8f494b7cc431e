import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StaffTenantSchema } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { tenants } from '../../db/schema/index.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';

/** The winery the console works for: its name, and the time zone its dates are shown in. */
export const tenantRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/staff/tenant',
    {
      schema: {
        tags: ['staff'],
        summary: 'The winery: its name and time zone (IANA); the console shows every date in it',
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffTenantSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ id: tenants.id, name: tenants.name, timeZone: tenants.timeZone })
        .from(tenants)
        .where(eq(tenants.id, request.tenant.id));
      if (!row) throw new ApiError('notFound', API_MESSAGES.unknownTenant);
      return row;
    },
  );
};
