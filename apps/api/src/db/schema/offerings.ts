import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

export interface OfferingLetter {
  title: string;
  paragraphs: string[];
  signature: string;
}
export interface VintageNote {
  title: string;
  paragraphs: string[];
}
export interface OfferingCombination {
  wineId: string;
  requiresWineId: string;
  quantity: number;
}

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
    campaignType: text('campaign_type').$type<'standard' | 'fl-onboarding' | 'event-offering'>().notNull().default('standard'),
    letter: jsonb('letter').$type<OfferingLetter>().notNull().default({ title: '', paragraphs: [], signature: '' }),
    vintageNotes: jsonb('vintage_notes').$type<VintageNote[]>().notNull().default([]),
    /** Smallest order, in cents, a member of this offering may place ('Your order must be a minimum of X'). */
    orderMinimumCents: integer('order_minimum_cents').notNull().default(0),
    /** Winery rules: whoever takes one wine must also take some of another (offering_wines ids). */
    combinations: jsonb('combinations').$type<OfferingCombination[]>().notNull().default([]),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A draft is the console's alone: members never see it, invitations cannot be sent for it. */
    status: text('status').$type<'draft' | 'published'>().notNull().default('published'),
    /** What staff wrote, in Markdown; `letter` and `vintageNotes` hold the sanitised HTML members read. */
    letterMarkdown: text('letter_markdown'),
    vintageNotesMarkdown: text('vintage_notes_markdown'),
    /** Remind members who have not ordered this many days before the close (null: only on demand). */
    reminderDaysBefore: integer('reminder_days_before'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** Set when staff closed the window before its end. */
    closedEarlyAt: timestamp('closed_early_at', { withTimezone: true }),
    duplicatedFromId: uuid('duplicated_from_id'),
    /**
     * Issue 17: members admitted per minute from each opening's waiting room (null: no waiting
     * room, everyone is through at their opening). Staff change it live from the dashboard.
     */
    admissionPerMinute: integer('admission_per_minute'),
    /** Issue 17: minutes a member's chosen bottles are held from choosing to paying (null: no holds). */
    holdMinutes: integer('hold_minutes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offerings_tenant_slug_unique').on(t.tenantId, t.slug),
    check('offerings_campaign_type_known', sql`${t.campaignType} in ('standard', 'fl-onboarding', 'event-offering')`),
    check('offerings_order_minimum_not_negative', sql`${t.orderMinimumCents} >= 0`),
    check('offerings_window_order', sql`${t.startDate} <= ${t.endDate}`),
    check('offerings_status_known', sql`${t.status} in ('draft', 'published')`),
    check('offerings_reminder_days', sql`${t.reminderDaysBefore} is null or ${t.reminderDaysBefore} between 1 and 60`),
    check('offerings_admission_per_minute', sql`${t.admissionPerMinute} is null or ${t.admissionPerMinute} between 1 and 100000`),
    check('offerings_hold_minutes', sql`${t.holdMinutes} is null or ${t.holdMinutes} between 5 and 60`),
  ],
);
