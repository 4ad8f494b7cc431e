import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

export interface LoginActivityEntry {
  at: string;
  ip: string;
}

/** The winery's levels of membership; a lower rank comes first (rank 1 is the most senior). */
export const tiers = pgTable(
  'tiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rank: integer('rank').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tiers_tenant_name_unique').on(t.tenantId, t.name), check('tiers_rank_positive', sql`${t.rank} > 0`)],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    prefix: text('prefix'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // Stored lowercased so the per-tenant unique index is case-insensitive and look-ups stay plain.
    email: text('email').notNull(),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    company: text('company'),
    passwordHash: text('password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityDate: timestamp('last_activity_date', { withTimezone: true }),
    loginActivity: jsonb('login_activity').$type<LoginActivityEntry[]>().notNull().default([]),
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    memberSince: date('member_since', { mode: 'string' }),
    /** A deactivated member cannot sign in and is never invited. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * The member's communication preferences (issue 15): every e-mail that is not transactional
     * (offering invitations, reminders, news) asks these first; order, sign-in and password mail
     * always goes.
     */
    mailOfferingInvitations: boolean('mail_offering_invitations').notNull().default(true),
    mailOfferingReminders: boolean('mail_offering_reminders').notNull().default(true),
    mailNews: boolean('mail_news').notNull().default(true),
  },
  (t) => [
    uniqueIndex('customers_tenant_email_unique').on(t.tenantId, t.email),
    index('customers_tenant_idx').on(t.tenantId),
    index('customers_tenant_tier_idx').on(t.tenantId, t.tierId),
    check('customers_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);
