import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/** An allocation campaign: a window in which invited members may order. */
export const offerings = pgTable(
  'offerings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    metaData: jsonb('meta_data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('offerings_tenant_slug_unique').on(t.tenantId, t.slug),
    check('offerings_window_order', sql`${t.startDate} <= ${t.endDate}`),
  ],
);
