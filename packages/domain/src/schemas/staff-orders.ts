import { z } from 'zod';
import {
  FULFILMENT_STATUSES,
  FULFILMENT_TARGETS,
  PAYMENT_STATUSES,
} from './fulfilment-states.js';
import { CountryCodeSchema, optionalText } from './fields.js';
import { DELIVERY_METHODS, OrderSchema, OrderTotalsSchema } from './offering.js';
import { OrderDeliveryDetailsSchema, OrderDetailsSchema, OrderReferenceSchema, OrderSummarySchema } from './order.js';
import { PageQuerySchema, pageOf } from './pagination.js';
import { idInput } from './params.js';
import { textInput } from './primitives.js';

/* ------------------------------------------------------------------ what members see */

/**
 * Where an order is, as the member's order page shows it ("Shipped — UPS 1Z…", "Ready for pick-up
 * at …"). The tracking link is the carrier's page (UPS, FedEx, USPS, DHL), else null.
 */
export const OrderFulfilmentSchema = z.object({
  status: z.enum(FULFILMENT_STATUSES),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** The pick-up place of a pick-up order: its name, address and opening hours. */
  pickupLocation: z.object({ name: z.string(), address: z.string(), hours: z.string() }).nullable(),
  /** When the order reached its current status (placed: when it was placed). */
  updatedAt: z.string(),
});
export type OrderFulfilment = z.infer<typeof OrderFulfilmentSchema>;

/** The member's order list and order, with where each order is now. */
export const MemberOrderSummarySchema = OrderSummarySchema.extend({ fulfilment: OrderFulfilmentSchema });
export type MemberOrderSummary = z.infer<typeof MemberOrderSummarySchema>;
export const MemberOrderListSchema = z.array(MemberOrderSummarySchema);
export const MemberOrderSchema = OrderSchema.extend({
  delivery: OrderSchema.shape.delivery.extend(OrderDeliveryDetailsSchema.shape),
  /** The card, and where its payment is: authorized (a hold), captured (charged when the order was prepared), voided or refunded. */
  payment: OrderSchema.shape.payment.extend({ status: z.enum(PAYMENT_STATUSES) }),
  fulfilment: OrderFulfilmentSchema,
  ...OrderDetailsSchema.shape,
});
export type MemberOrder = z.infer<typeof MemberOrderSchema>;

/* ------------------------------------------------------------------ staff: filters */

/** A day ("2026-11-25", a day in the winery's time zone) or an instant ("2026-11-25T08:00:00Z"). */
const DAY_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const dayOrInstant = () =>
  textInput({ error: 'invalidDate' })
    .max(40, { error: 'invalidDate' })
    .refine((value) => DAY_OR_INSTANT.test(value) && !Number.isNaN(Date.parse(value)), { error: 'invalidDate' })
    .optional();

/** The filters of the order list and of its CSV export. */
export const StaffOrderFiltersSchema = z.object({
  offeringId: idInput().optional(),
  status: z.enum(FULFILMENT_STATUSES, { error: 'invalidType' }).optional(),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: 'invalidType' }).optional(),
  /** The destination's country (shipping orders) or the pick-up location's. */
  country: CountryCodeSchema.optional(),
  state: textInput()
    .max(3, { error: 'tooLong' })
    .transform((value) => value.toUpperCase())
    .optional(),
  /** Placed on or after (a day: from its first moment in the winery's time zone). */
  from: dayOrInstant(),
  /** Placed on or before (a day: up to its last moment in the winery's time zone). */
  to: dayOrInstant(),
  /** Part of the order number, the member's name or e-mail. */
  q: optionalText(100),
});
export type StaffOrderFilters = z.infer<typeof StaffOrderFiltersSchema>;

export const StaffOrderListQuerySchema = PageQuerySchema.extend(StaffOrderFiltersSchema.shape);
export type StaffOrderListQuery = z.infer<typeof StaffOrderListQuerySchema>;

/* ------------------------------------------------------------------ staff: answers */

const StaffOrderMemberSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const StaffOrderSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  placedAt: z.string(),
  member: StaffOrderMemberSchema,
  offering: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  /** Where it goes: "Healdsburg, CA, US", or the pick-up location's name. */
  destination: z.string(),
  bottles: z.number().int(),
  totalCents: z.number().int(),
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type StaffOrderSummary = z.infer<typeof StaffOrderSummarySchema>;
export const StaffOrderPageSchema = pageOf(StaffOrderSummarySchema);

export const StaffOrderLineSchema = z.object({
  id: z.uuid(),
  offeringWineId: z.uuid(),
  name: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The stock the bottles were taken from (and go back to on a cancel). */
  location: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});

export const StaffOrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  placedAt: z.string(),
  member: StaffOrderMemberSchema.extend({ phone: z.string().nullable() }),
  offering: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  lines: z.array(StaffOrderLineSchema),
  totals: OrderTotalsSchema,
  delivery: z.object({
    method: z.enum(DELIVERY_METHODS),
    /** The address as the order keeps it, one line per row; for pick-up, the location's name and address. */
    address: z.array(z.string()),
    pickupLocation: z.object({ id: z.uuid(), name: z.string(), address: z.string(), hours: z.string() }).nullable(),
  }),
  billingAddress: z.array(z.string()),
  payment: z.object({ brand: z.string(), last4: z.string(), status: z.enum(PAYMENT_STATUSES) }),
  /** The card the member wrote for whoever receives the wine (issue 15), and the order an addition adds to. */
  giftMessage: z.string().nullable(),
  addsTo: OrderReferenceSchema.nullable(),
  fulfilment: z.object({
    status: z.enum(FULFILMENT_STATUSES),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    /** The moves staff can make now (the console's buttons). */
    nextSteps: z.array(z.enum(FULFILMENT_TARGETS)),
  }),
  /** When each step happened (null: not yet, or never). */
  timeline: z.object({
    placedAt: z.string(),
    processingAt: z.string().nullable(),
    shippedAt: z.string().nullable(),
    readyForPickupAt: z.string().nullable(),
    pickedUpAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    /** When the card was charged (the order shipped or was ready for pick-up). */
    capturedAt: z.string().nullable(),
  }),
});
export type StaffOrder = z.infer<typeof StaffOrderSchema>;

export const OrderIdParamsSchema = z.object({ orderId: idInput() });

/**
 * `POST /v1/staff/orders/{orderId}/status`: move an order on. Shipping needs the carrier and the
 * tracking number; they are ignored for any other status.
 */
export const FulfilmentUpdateSchema = z
  .object({
    status: z.enum(FULFILMENT_TARGETS, { error: 'invalidType' }),
    carrier: optionalText(50),
    trackingNumber: optionalText(64),
  })
  .superRefine((value, ctx) => {
    if (value.status !== 'shipped') return;
    if (!value.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: 'carrierRequired' });
    if (!value.trackingNumber) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'trackingNumberRequired' });
  });
export type FulfilmentUpdateInput = z.infer<typeof FulfilmentUpdateSchema>;
