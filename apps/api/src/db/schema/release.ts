import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { allocations } from './allocations.js';
import { offeringWines, inventoryLocations } from './catalogue.js';
import { customers, tiers } from './customers.js';
import { offerings } from './offerings.js';
import { tenants } from './tenants.js';

/*
 * A fair release (issue 17): openings by tier, the waiting room, held selections.
 *
 * A member's own window is the view `allocation_windows` (migration 0013): their tier's opening
 * and close when staff set one for that tier, else the offering's start and end. Everything a
 * member sees or does in an offering is measured from it.
 */

const tenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** One tier's own opening (and optional close) within an offering, set by staff in the console. */
export const offeringTierOpenings = pgTable(
  'offering_tier_openings',
  {
    tenantId: tenantId(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    /** Null: the tier's window closes with the offering. */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.offeringId, t.tierId] }),
    check('offering_tier_openings_order', sql`${t.closesAt} is null or ${t.opensAt} < ${t.closesAt}`),
  ],
);

/**
 * The admission state of one opening's waiting room: the offering's default opening (tier null)
 * or one tier's. `admitted` members of its queue (in queue order) are through; whoever advances
 * it (any instance, on any request) does so in one conditional UPDATE, from `advancedAt` at the
 * offering's admission rate, never past the number of members waiting.
 */
export const waitingRooms = pgTable(
  'waiting_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    /** The opening this room belongs to: a tier with its own opening, or null for the offering's. */
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'cascade' }),
    admitted: integer('admitted').notNull().default(0),
    /** The instant up to which admissions have been counted (null: not since the opening yet). */
    advancedAt: timestamp('advanced_at', { withTimezone: true }),
    /**
     * The members in its queue, counted as each joins (in the join's transaction): a poll reads it
     * instead of counting the queue, which grows with the crowd.
     */
    entries: integer('entries').notNull().default(0),
    /** When the places of everyone who waited for the opening were drawn (null: not yet). */
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
  },
  (t) => [
    unique('waiting_rooms_offering_tier_unique').on(t.offeringId, t.tierId).nullsNotDistinct(),
    check('waiting_rooms_admitted_not_negative', sql`${t.admitted} >= 0`),
  ],
);

/**
 * A member's place in a waiting room: one per member and offering, so a reload or a second tab
 * finds the same place. Who joined before the opening is ordered by `lottery` (drawn at random
 * when they joined: arriving early gives no advantage); who joined after, by `joinedAt`, behind them.
 */
export const waitingRoomEntries = pgTable(
  'waiting_room_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    /** The opening's room the member waits in (the member's tier when it has its own opening). */
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    lottery: doublePrecision('lottery').notNull().default(sql`random()`),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** When the member was first seen through (null while waiting). */
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    /**
     * The member's place in the queue, from 1: numbered once for everyone who waited at the
     * opening's draw (in queue order), and from the room's count for each who joins after it.
     */
    place: integer('place'),
  },
  (t) => [
    unique('waiting_room_entries_offering_customer_unique').on(t.offeringId, t.customerId),
    uniqueIndex('waiting_room_entries_place_unique').on(t.offeringId, t.tierId, t.place).where(sql`${t.place} is not null`),
    index('waiting_room_entries_lottery_idx').on(t.offeringId, t.tierId, t.lottery),
    index('waiting_room_entries_joined_idx').on(t.offeringId, t.tierId, t.joinedAt),
  ],
);

export const HOLD_END_REASONS = ['ordered', 'released', 'replaced'] as const;
export type HoldEndReason = (typeof HOLD_END_REASONS)[number];

/**
 * Bottles held for a member between choosing and paying. A hold counts only while
 * `endedAt` is null and `expiresAt` is in the future: an expired hold returns its bottles by
 * itself, with no job to run. Orders and other holds take a wine only from what its stock row
 * has beyond the other members' live holds, under that row's lock (migration 0013).
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    allocationId: uuid('allocation_id')
      .notNull()
      .references(() => allocations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    offeringWineId: uuid('offering_wine_id')
      .notNull()
      .references(() => offeringWines.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<HoldEndReason>(),
  },
  (t) => [
    index('stock_holds_live_idx')
      .on(t.offeringWineId, t.locationId, t.expiresAt)
      .where(sql`${t.endedAt} is null`),
    index('stock_holds_allocation_idx').on(t.allocationId, t.createdAt),
    index('stock_holds_offering_idx').on(t.tenantId, t.offeringId, t.expiresAt),
    check('stock_holds_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_holds_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
    check('stock_holds_end_reason_known', sql`${t.endReason} is null or ${t.endReason} in ('ordered', 'released', 'replaced')`),
  ],
);
