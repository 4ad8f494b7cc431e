import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

export interface LoginActivityEntry {
  at: string;
  ip: string;
}

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
  },
  (t) => [
    uniqueIndex('customers_tenant_email_unique').on(t.tenantId, t.email),
    index('customers_tenant_idx').on(t.tenantId),
    check('customers_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);
