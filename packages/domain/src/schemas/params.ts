import { z } from 'zod';

/** Path of the member's own collections: `/v1/{tenant}/customer/{customerId}/…`. */
export const CustomerCollectionParamsSchema = z.object({
  tenant: z.string().min(1),
  customerId: z.uuid({ error: 'invalidId' }),
});
