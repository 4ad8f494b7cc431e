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
 * How long a producer read from the database answers for its slug (ADR 026). Tenants are created
 * and renamed by whoever runs the database, not through the API, and every request names one: a
 * change is seen by each instance within this time, an unknown slug is looked up every time.
 */
export const TENANT_CACHE_MS = 60_000;
/** Far more producers than one installation serves; past it the cache starts again. */
const MAX_CACHED_TENANTS = 1_000;

export interface TenantPluginOptions {
  db: Database;
  /** The app's clock: the cache's age is measured on it, so tests can move past it. */
  now?: () => Date;
  cacheMs?: number;
}

/**
 * Resolves the `tenant` header (already validated by the route's headers schema) to a producer,
 * and refuses a path that names a different tenant from the header.
 */
async function tenantPlugin(app: FastifyInstance, options: TenantPluginOptions) {
  const now = options.now ?? (() => new Date());
  const cacheMs = options.cacheMs ?? TENANT_CACHE_MS;
  const known = new Map<string, { tenant: RequestTenant; readAt: number }>();

  async function find(slug: string): Promise<RequestTenant | undefined> {
    const at = now().getTime();
    const cached = known.get(slug);
    if (cached && at >= cached.readAt && at - cached.readAt < cacheMs) return cached.tenant;
    const [row] = await options.db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.id, slug)).limit(1);
    if (!row) {
      known.delete(slug);
      return undefined;
    }
    if (known.size >= MAX_CACHED_TENANTS) known.clear();
    known.set(slug, { tenant: row, readAt: at });
    return row;
  }

  app.decorateRequest('tenant', null as unknown as RequestTenant);

  app.decorate('requireTenant', async (request: FastifyRequest) => {
    const slug = String(request.headers.tenant ?? '').trim();
    const row = await find(slug);
    if (!row) throw new ApiError('notFound', API_MESSAGES.unknownTenant);
    const pathTenant = (request.params as { tenant?: string } | undefined)?.tenant;
    if (pathTenant !== undefined && pathTenant !== row.id) {
      throw new ApiError('forbidden', API_MESSAGES.tenantMismatch);
    }
    request.tenant = row;
  });
}

export default fp(tenantPlugin, { name: 'tenant' });
