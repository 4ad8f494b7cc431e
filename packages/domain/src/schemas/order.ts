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

/** Another order named by an order: the first order an addition adds to, or an addition of it. */
export const OrderReferenceSchema = z.object({ id: z.uuid(), number: z.string() });
export type OrderReference = z.infer<typeof OrderReferenceSchema>;

/** An order in the member's history (`GET /v1/{tenant}/customer/{customerId}/order`). */
export const OrderSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
  placedAt: z.string(),
  offeringName: z.string().nullable(),
  /** Bottles added while the offering was open: the member's first order of the same offering (ADR 017). */
  addsTo: OrderReferenceSchema.nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderListSchema = z.array(OrderSummarySchema);

/**
 * The address a shipped order went to, as it was when the order was placed (a copy: editing the
 * address book later leaves the order as it was), with whom it is for and their phone when given.
 */
export const OrderShippingAddressSchema = z.object({
  recipientName: z.string().nullable(),
  phone: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  stateCode: z.string().nullable(),
  zipCode: z.string(),
  countryCode: z.string(),
});
export type OrderShippingAddress = z.infer<typeof OrderShippingAddressSchema>;

/** The place a pick-up order is collected from: its name, address and opening hours. */
export const OrderPickupPlaceSchema = z.object({ name: z.string(), address: z.string(), hours: z.string() });
export type OrderPickupPlace = z.infer<typeof OrderPickupPlaceSchema>;

/** What an order's delivery says beyond its address lines: the address itself, or the pick-up place. */
export const OrderDeliveryDetailsSchema = z.object({
  /** Shipping: the address copy; null for pick-up. */
  shippingAddress: OrderShippingAddressSchema.nullable(),
  /** Pick-up: the place; null for shipping. */
  pickup: OrderPickupPlaceSchema.nullable(),
});

/** What the member's order page shows besides lines, totals, delivery and card (issue 15). */
export const OrderDetailsSchema = z.object({
  giftMessage: z.string().nullable(),
  /** An addition: the first order it adds to. */
  addsTo: OrderReferenceSchema.nullable(),
  /** A first order: the additions placed after it, oldest first. */
  additions: z.array(OrderReferenceSchema),
});
