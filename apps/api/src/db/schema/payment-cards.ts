import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { tenants } from './tenants.js';

/**
 * A member's saved card: only what the payment gateway lets us keep (PRODUCT.md, "Payments").
 * The card number and security code go to the gateway and never reach this table; there is no
 * column that could hold them.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Which gateway issued the token (PAYMENT_GATEWAY), so a later switch knows whose tokens these are. */
    gateway: text('gateway').notNull(),
    gatewayToken: text('gateway_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    cardHolderName: text('card_holder_name').notNull(),
    /**
     * The gateway's fingerprint of the card number (a keyed hash, not the number): the same card
     * saved twice has the same one, so a member's list holds each card once (issue 15).
     */
    fingerprint: text('fingerprint'),
    preferred: boolean('preferred').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_cards_tenant_customer_idx').on(t.tenantId, t.customerId),
    uniqueIndex('payment_cards_gateway_token_unique').on(t.gateway, t.gatewayToken),
    uniqueIndex('payment_cards_customer_fingerprint_unique').on(t.customerId, t.fingerprint).where(sql`${t.fingerprint} is not null`),
    uniqueIndex('payment_cards_one_preferred').on(t.customerId).where(sql`${t.preferred}`),
    check('payment_cards_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_cards_exp_month_range', sql`${t.expMonth} between 1 and 12`),
    check('payment_cards_exp_year_range', sql`${t.expYear} between 2000 and 2099`),
  ],
);
