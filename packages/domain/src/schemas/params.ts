import { z } from 'zod';
import { textInput } from './primitives.js';

/** A producer's slug as a path segment or the `tenant` header names it ("demo"). */
export const TenantSlugSchema = textInput({ error: 'tenantRequired' })
  .min(1, { error: 'tenantRequired' })
  .max(64, { error: 'tooLong' });

/** Path of the member's own collections: `/v1/{tenant}/customer/{customerId}/…`. */
export const CustomerCollectionParamsSchema = z.object({
  tenant: TenantSlugSchema,
  customerId: z.uuid({ error: 'invalidId' }),
});
