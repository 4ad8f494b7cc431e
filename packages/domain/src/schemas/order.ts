import { z } from 'zod';

/** An order in the member's history (`GET /v1/{tenant}/customer/{customerId}/order`). */
export const OrderSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
  placedAt: z.string(),
  offeringName: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderListSchema = z.array(OrderSummarySchema);
