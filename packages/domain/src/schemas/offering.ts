import { z } from 'zod';
import { MIN_DAYS_AHEAD } from '../constants.js';
import { AllocationMetaDataSchema } from './allocation.js';
import { CardInputSchema } from './card.js';
import { GiftMessageSchema } from './order.js';
import { integerInput, textInput } from './primitives.js';
import { WineImageSchema } from './wine-image.js';
import { DAY_MS } from '../time.js';

export const MAX_BOTTLES_PER_WINE = 120;

export const CAMPAIGN_KINDS = ['standard', 'fl-onboarding', 'event-offering'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export const DELIVERY_METHODS = ['shipping', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/* ------------------------------------------------------------------ member-facing answers */

export const OfferingWineSchema = z.object({
  /** The wine's id within this offering (offering_wines.id). */
  id: z.uuid(),
  name: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  priceCents: z.number().int(),
  description: z.string(),
  /** This member's limits for the wine. */
  minimum: z.number().int(),
  maximum: z.number().int(),
  /** False once every location is sold out: the member may still ask for it as a wish. */
  available: z.boolean(),
  /**
   * Bottles of this wine in the member's orders of this allocation that are not cancelled: what
   * they may still add is `maximum - ordered` (the minimum too counts them).
   */
  ordered: z.number().int(),
  /** Bottles this member asked for beyond the maximum, if any, and whether staff granted them. */
  wish: z.object({ quantity: z.number().int(), status: z.enum(['requested', 'granted', 'declined']) }).nullable(),
  /** The picture staff uploaded for the wine; null: the page shows the estate's artwork. */
  image: WineImageSchema.nullable(),
});
export type OfferingWine = z.infer<typeof OfferingWineSchema>;

export const PickupLocationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  hours: z.string(),
});
export type PickupLocation = z.infer<typeof PickupLocationSchema>;

export const ShippingNoticeSchema = z.object({ countryCode: z.string(), text: z.string() });

export const CombinationRuleSchema = z.object({
  wineId: z.uuid(),
  requiresWineId: z.uuid(),
  quantity: z.number().int().min(1),
});

/** `GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/offering`: everything the offering pages show. */
export const OfferingSchema = z.object({
  allocationId: z.uuid(),
  name: z.string(),
  campaignType: z.enum(CAMPAIGN_KINDS),
  slug: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** When choosing and ordering end: the end date, or a cancellation that comes sooner. */
  closesAt: z.string(),
  /** The server's clock when it answered, so a countdown to closesAt does not trust the device's clock. */
  serverTime: z.string(),
  metaData: AllocationMetaDataSchema,
  letter: z.object({ title: z.string(), paragraphs: z.array(z.string()), signature: z.string() }),
  vintageNotes: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) })),
  /** The letter and vintage notes staff wrote in Markdown, as sanitised HTML; null: show letter / vintageNotes. */
  letterHtml: z.string().nullable(),
  vintageNotesHtml: z.string().nullable(),
  wines: z.array(OfferingWineSchema),
  orderMinimumCents: z.number().int(),
  combinations: z.array(CombinationRuleSchema),
  pickupLocations: z.array(PickupLocationSchema),
  shippingNotices: z.array(ShippingNoticeSchema),
});
export type Offering = z.infer<typeof OfferingSchema>;

/* ------------------------------------------------------------------ choosing and the cart */

export const QuantitySchema = integerInput({ min: 0, max: MAX_BOTTLES_PER_WINE, error: 'invalidQuantity' });

export const CartLineSchema = z.object({ wineId: z.uuid({ error: 'invalidId' }), quantity: QuantitySchema });
export type CartLine = z.infer<typeof CartLineSchema>;

/** `PUT /v1/{tenant}/customer/{customerId}/cart` (create or replace); its id is kept under `cartId`. */
export const CartInputSchema = z.object({
  allocationId: z.uuid({ error: 'invalidId' }),
  lines: z.array(CartLineSchema).max(50, { error: 'tooLong' }),
  /**
   * A choice still being made, saved as the member types: checked against each wine's maximum
   * (and the allocation's wines) only. Without it, every rule of an order applies.
   */
  draft: z.boolean().optional(),
});
export type CartInput = z.infer<typeof CartInputSchema>;

export const CartSchema = z.object({
  id: z.uuid(),
  allocationId: z.uuid(),
  lines: z.array(CartLineSchema),
  subtotalCents: z.number().int(),
  updatedAt: z.string(),
});
export type Cart = z.infer<typeof CartSchema>;

/** A request for more bottles than the allocation allows (a wish), for staff to grant. */
export const WishInputSchema = z.object({
  wineId: z.uuid({ error: 'invalidId' }),
  quantity: QuantitySchema.refine((value) => value > 0, { error: 'invalidQuantity' }),
});
export type WishInput = z.infer<typeof WishInputSchema>;

/* ------------------------------------------------------------------ checkout */

export const DeliverySchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('shipping'),
      /** The country chosen in the delivery step; the shipping address must be in it (seed §5). */
      countryCode: textInput({ error: 'countryRequired' }).min(2, { error: 'countryRequired' }),
      shippingAddressId: z.uuid({ error: 'selectAddress' }),
    }),
    z.object({
      method: z.literal('pickup'),
      locationId: z.uuid({ error: 'selectPickupLocation' }),
    }),
  ],
  { error: 'selectDelivery' },
);
export type DeliveryInput = z.infer<typeof DeliverySchema>;

/** `POST /v1/{tenant}/customer/{customerId}/cart/{cartId}/quote`: the order summary for a delivery. */
export const QuoteInputSchema = z.object({ delivery: DeliverySchema });

export const OrderTotalsSchema = z.object({
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  shippingLabel: z.enum(['shipping', 'shippingAndDuties']),
  taxLabel: z.enum(['salesTax', 'taxAndDuties']),
});
export type OrderTotalsView = z.infer<typeof OrderTotalsSchema>;

/** The answer to a quote: the summary, and the destination's shipping notice if it has one. */
export const QuoteSchema = z.object({
  totals: OrderTotalsSchema,
  notice: z.string().nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const PaymentSchema = z.union([
  z.object({ cardId: z.uuid({ error: 'selectCard' }) }),
  z.object({ newCard: CardInputSchema, saveCard: z.boolean().default(false) }),
]);

/**
 * `POST /v1/{tenant}/customer/{customerId}/order`. The idempotency key is made once per checkout
 * in the browser: the same submission sent twice makes one order and one authorisation.
 */
export const PlaceOrderSchema = z.object({
  cartId: z.uuid({ error: 'invalidId' }),
  delivery: DeliverySchema,
  billingAddressId: z.uuid({ error: 'selectAddress' }),
  payment: PaymentSchema,
  idempotencyKey: z.uuid({ error: 'invalidId' }),
  /** Optional; see `GiftMessageSchema` (schemas/order.ts). */
  giftMessage: GiftMessageSchema,
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderSchema>;

export const OrderLineSchema = z.object({
  wineId: z.uuid(),
  name: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
});

export const OrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.string(),
  placedAt: z.string(),
  offeringName: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  totals: OrderTotalsSchema,
  delivery: z.object({
    method: z.enum(DELIVERY_METHODS),
    /** One line per row of the address, or the pick-up location's name and address. */
    address: z.array(z.string()),
  }),
  payment: z.object({ brand: z.string(), last4: z.string() }),
});
export type Order = z.infer<typeof OrderSchema>;

/* ------------------------------------------------------------------ staff: scheduling */

/**
 * Dates chosen in forms (seed §5): a scheduled start (or cancellation) at least one day from now,
 * and a start that does not fall after the end.
 */
export const createOfferingScheduleSchema = ({ now = () => new Date() }: { now?: () => Date } = {}) =>
  z
    .object({
      startDate: z.iso.datetime({ offset: true, error: 'invalidDate' }),
      endDate: z.iso.datetime({ offset: true, error: 'invalidDate' }),
    })
    .superRefine((value, ctx) => {
      const start = Date.parse(value.startDate);
      const end = Date.parse(value.endDate);
      if (start < now().getTime() + MIN_DAYS_AHEAD * DAY_MS) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'dateTooSoon', params: { days: MIN_DAYS_AHEAD } });
      }
      if (start > end) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'startAfterEnd' });
    });
