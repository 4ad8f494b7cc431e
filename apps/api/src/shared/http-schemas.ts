import { z } from 'zod';
import { TenantSlugSchema } from '@winery/domain';

/**
 * Every /v1 route names its tenant in a header (PRODUCT.md). Loose, because Fastify replaces
 * request.headers with the parsed value and the other headers must survive.
 */
export const TenantHeadersSchema = z
  .object({
    tenant: TenantSlugSchema.describe('The producer (tenant) slug, e.g. "demo"'),
  })
  .loose();

/** OpenAPI security requirement of member routes: the raw token in Authorization. */
export const MEMBER_SECURITY = [{ memberToken: [] as string[] }];

/** OpenAPI security requirement of staff routes: the raw staff token in Authorization. */
export const STAFF_SECURITY = [{ staffToken: [] as string[] }];
