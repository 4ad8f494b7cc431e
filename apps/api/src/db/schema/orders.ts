import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { allocations } from './allocations.js';
import { customers } from './customers.js';
import { tenants } from './tenants.js';

export const ORDER_STATUSES = ['pending', 'cancelled', 'fulfilled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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
    totalCents: integer('total_cents').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('orders_tenant_number_unique').on(t.tenantId, t.number),
    index('orders_tenant_allocation_idx').on(t.tenantId, t.allocationId),
    // A member's order history is read by customer, newest first.
    index('orders_tenant_customer_placed_idx').on(t.tenantId, t.customerId, t.placedAt),
    check('orders_status_known', sql`${t.status} in ('pending', 'cancelled', 'fulfilled')`),
  ],
);
