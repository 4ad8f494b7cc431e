import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { allocations } from './allocations.js';
import { inventoryLocations, offeringWines } from './catalogue.js';
import { customers } from './customers.js';
import { tenants } from './tenants.js';

export const ORDER_STATUSES = ['pending', 'cancelled', 'fulfilled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order is after it was placed (issue 14): placed → processing → shipped, or
 * ready_for_pickup → picked_up; cancelled from placed, processing or ready_for_pickup.
 */
export const FULFILMENT_STATUSES = ['placed', 'processing', 'shipped', 'ready_for_pickup', 'picked_up', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
/**
 * The payment of an order: authorised when it is placed, captured (the card charged) when it
 * ships or is ready for pick-up, voided or refunded when it is cancelled (ADR 025).
 */
export const PAYMENT_STATUSES = ['authorized', 'captured', 'voided', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    allocationId: uuid('allocation_id').references(() => allocations.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    // Money is integer cents everywhere (STYLE.md).
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    shippingLabel: text('shipping_label').$type<'shipping' | 'shippingAndDuties'>().notNull().default('shipping'),
    taxLabel: text('tax_label').$type<'salesTax' | 'taxAndDuties'>().notNull().default('salesTax'),
    deliveryMethod: text('delivery_method').$type<'shipping' | 'pickup'>().notNull().default('shipping'),
    pickupLocationId: uuid('pickup_location_id').references(() => inventoryLocations.id, { onDelete: 'set null' }),
    /** Copies, not references: an order keeps the address it was shipped to when the member edits theirs. */
    shippingAddress: jsonb('shipping_address').$type<Record<string, string | null>>(),
    billingAddress: jsonb('billing_address').$type<Record<string, string | null>>(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    authorizationId: text('authorization_id'),
    /** One order per submission: the browser sends the same key when it retries. */
    idempotencyKey: uuid('idempotency_key'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    fulfilmentStatus: text('fulfilment_status').$type<FulfilmentStatus>().notNull().default('placed'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('authorized'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    readyForPickupAt: timestamp('ready_for_pickup_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the card was charged (the order shipped or was ready for pick-up). */
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    /** A card a member writes for the person who receives the wine (issue 15). */
    giftMessage: text('gift_message'),
    /**
     * Bottles a member added while the offering was still open: a second order, charged for what
     * it adds, that points at the member's first order of the same allocation (ADR 017).
     */
    addsToOrderId: uuid('adds_to_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('orders_tenant_number_unique').on(t.tenantId, t.number),
    index('orders_tenant_allocation_idx').on(t.tenantId, t.allocationId),
    // A member's order history is read by customer, newest first.
    index('orders_tenant_customer_placed_idx').on(t.tenantId, t.customerId, t.placedAt),
    uniqueIndex('orders_idempotency_unique').on(t.tenantId, t.customerId, t.idempotencyKey),
    // The authorisation sweep (ADR 013) asks which open card holds no order carries.
    index('orders_authorization_idx').on(t.authorizationId),
    check('orders_status_known', sql`${t.status} in ('pending', 'cancelled', 'fulfilled')`),
    check(
      'orders_fulfilment_status_known',
      sql`${t.fulfilmentStatus} in ('placed', 'processing', 'shipped', 'ready_for_pickup', 'picked_up', 'cancelled')`,
    ),
    check('orders_gift_message_length', sql`${t.giftMessage} is null or char_length(${t.giftMessage}) <= 500`),
    check('orders_payment_status_known', sql`${t.paymentStatus} in ('authorized', 'captured', 'voided', 'refunded')`),
    index('orders_tenant_fulfilment_idx').on(t.tenantId, t.fulfilmentStatus, t.placedAt),
    // The console's order list and its CSV read newest first, a keyset page at a time.
    index('orders_tenant_placed_idx').on(t.tenantId, t.placedAt.desc(), t.id.desc()),
  ],
);

/** What an order holds, priced and named as they were when it was placed. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offeringWineId: uuid('offering_wine_id')
      .notNull()
      .references(() => offeringWines.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id').references(() => inventoryLocations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    vintage: integer('vintage').notNull(),
    sizeMl: integer('size_ml').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_offering_wine_idx').on(t.offeringWineId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
