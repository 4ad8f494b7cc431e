import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { wines } from './catalogue.js';
import { tenants } from './tenants.js';

/** A registered bottle: the ID on its label (canonical "A123-B89Z"), its wine and its number. */
export const bottles = pgTable(
  'bottles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bottleId: text('bottle_id').notNull(),
    wineId: uuid('wine_id')
      .notNull()
      .references(() => wines.id, { onDelete: 'restrict' }),
    bottleNumber: integer('bottle_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bottles_tenant_bottle_id_unique').on(t.tenantId, t.bottleId),
    // Two imports at once must not give one wine the same bottle number twice.
    uniqueIndex('bottles_tenant_wine_number_unique').on(t.tenantId, t.wineId, t.bottleNumber),
    check('bottles_bottle_id_format', sql`${t.bottleId} ~ '^[A-Z0-9]{4}-[A-Z0-9]{4}$'`),
    check('bottles_number_positive', sql`${t.bottleNumber} > 0`),
  ],
);

export const BOTTLE_CHECK_RESULTS = ['verified', 'unknown', 'malformed'] as const;
export type BottleCheckResult = (typeof BOTTLE_CHECK_RESULTS)[number];

/**
 * Every check of a bottle ID. A genuine bottle is checked a few times in its life; a cloned label
 * is checked again and again from many places — that is the signal staff look for. The origin
 * is coarse on purpose (network prefix, country when a proxy says it), never a full address.
 */
export const bottleChecks = pgTable(
  'bottle_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The registered bottle, when the ID was one. */
    bottleRef: uuid('bottle_ref').references(() => bottles.id, { onDelete: 'cascade' }),
    /** What was typed, normalised when possible; kept short. */
    typedId: text('typed_id').notNull(),
    result: text('result').$type<BottleCheckResult>().notNull(),
    originNetwork: text('origin_network'),
    originCountry: text('origin_country'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bottle_checks_bottle_idx').on(t.bottleRef, t.checkedAt),
    index('bottle_checks_tenant_time_idx').on(t.tenantId, t.checkedAt),
    check('bottle_checks_result_known', sql`${t.result} in ('verified', 'unknown', 'malformed')`),
  ],
);
