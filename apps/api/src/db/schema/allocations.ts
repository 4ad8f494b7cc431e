import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { offerings } from './offerings.js';
import { tenants } from './tenants.js';

/** A member's place in an offering. Its metaData overrides or extends the offering's. */
export const allocations = pgTable(
  'allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    metaData: jsonb('meta_data').$type<Record<string, unknown>>().notNull().default({}),
    /** This member's order minimum, when it differs from the offering's. */
    orderMinimumCents: integer('order_minimum_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('allocations_offering_customer_unique').on(t.offeringId, t.customerId),
    index('allocations_tenant_customer_idx').on(t.tenantId, t.customerId),
  ],
);
