import { z } from 'zod';
import { textInput } from './primitives.js';

/** Longest gift message a member may write with an order (the column allows 500). */
export const GIFT_MESSAGE_MAX_LENGTH = 300;

/**
 * The gift message sent with an order (`giftMessage` of the place-order input): optional, trimmed,
 * several lines allowed, at most {@link GIFT_MESSAGE_MAX_LENGTH} characters ('tooLong'); an empty
 * or blank message means none.
 */
export const GiftMessageSchema = textInput({ multiline: true })
  .max(GIFT_MESSAGE_MAX_LENGTH, { error: 'tooLong' })
  .optional()
  .transform((value) => (value ? value : undefined));

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
