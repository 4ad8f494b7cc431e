import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

const tenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** Sales tax (or tax and duties abroad) by destination; a state row wins over its country row. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    countryCode: text('country_code').notNull(),
    stateCode: text('state_code'),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    includesDuties: boolean('includes_duties').notNull().default(false),
  },
  (t) => [index('tax_rates_tenant_country_idx').on(t.tenantId, t.countryCode), check('tax_rates_rate_range', sql`${t.rateBasisPoints} between 0 and 10000`)],
);

/** Shipping price by destination and bottle-count band. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    countryCode: text('country_code').notNull(),
    stateCode: text('state_code'),
    minBottles: integer('min_bottles').notNull(),
    maxBottles: integer('max_bottles'),
    priceCents: integer('price_cents').notNull(),
    includesDuties: boolean('includes_duties').notNull().default(false),
  },
  (t) => [
    index('shipping_rates_tenant_country_idx').on(t.tenantId, t.countryCode),
    check('shipping_rates_band', sql`${t.minBottles} >= 1 and (${t.maxBottles} is null or ${t.maxBottles} >= ${t.minBottles})`),
  ],
);

/** Destinations that cannot receive wine: 'Sorry, we cannot ship to {name}.' */
export const shippingRestrictions = pgTable('shipping_restrictions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: tenantId(),
  countryCode: text('country_code').notNull(),
  stateCode: text('state_code'),
  name: text('name').notNull(),
});

/** A sentence shown at checkout for one destination country (seed §9 shipping notices). */
export const shippingNotices = pgTable('shipping_notices', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: tenantId(),
  countryCode: text('country_code').notNull(),
  text: text('text').notNull(),
});
