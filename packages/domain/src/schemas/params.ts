import { z } from 'zod';
import { textInput } from './primitives.js';

/** An id in a path or a body: a UUID, or the field error invalidId. */
export const idInput = () => z.uuid({ error: 'invalidId' });

/** A producer's slug as a path segment or the `tenant` header names it ("demo"). */
export const TenantSlugSchema = textInput({ error: 'tenantRequired' })
  .min(1, { error: 'tenantRequired' })
  .max(64, { error: 'tooLong' });

/** Path of the member's own collections: `/v1/{tenant}/customer/{customerId}/…`. */
export const CustomerCollectionParamsSchema = z.object({
  tenant: TenantSlugSchema,
  customerId: z.uuid({ error: 'invalidId' }),
});
