import { pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Each member's own window in an offering (issue 17, migration 0013): their tier's opening and
 * close when staff set one for that tier, else the offering's start and end, never past its end.
 * Every read or rule that concerns a member's window goes through it, so the allocation pages,
 * carts, wishes, links and orders (order_placement_context reads it in SQL) agree on one rule.
 * `.existing()`: the migration creates the view; drizzle-kit leaves it alone.
 */
export const allocationWindows = pgView('allocation_windows', {
  allocationId: uuid('allocation_id').notNull(),
  tenantId: text('tenant_id').notNull(),
  customerId: uuid('customer_id').notNull(),
  offeringId: uuid('offering_id').notNull(),
  /** The tier whose opening the member has; null: the offering's own window. */
  openingTierId: uuid('opening_tier_id'),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
}).existing();
