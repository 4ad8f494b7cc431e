import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';
import { tenants } from '../db/schema/index.js';
import { ApiError } from '../shared/api-error.js';
import { API_MESSAGES } from '../shared/api-messages.js';

export interface RequestTenant {
  id: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireTenant`; every query of the request filters by `tenant.id`. */
    tenant: RequestTenant;
  }
  interface FastifyInstance {
    requireTenant: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Resolves the `tenant` header (already validated by the route's headers schema) to a producer,
 * and refuses a path that names a different tenant from the header.
 */
async function tenantPlugin(app: FastifyInstance, options: { db: Database }) {
  app.decorateRequest('tenant', null as unknown as RequestTenant);

  app.decorate('requireTenant', async (request: FastifyRequest) => {
    const slug = String(request.headers.tenant ?? '').trim();
    const [row] = await options.db
      .select({ id: tenants.id, name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, slug))
      .limit(1);
    if (!row) throw new ApiError('notFound', API_MESSAGES.unknownTenant);
    const pathTenant = (request.params as { tenant?: string } | undefined)?.tenant;
    if (pathTenant !== undefined && pathTenant !== row.id) {
      throw new ApiError('forbidden', API_MESSAGES.tenantMismatch);
    }
    request.tenant = row;
  });
}

export default fp(tenantPlugin, { name: 'tenant' });
