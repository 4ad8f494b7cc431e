import type { StaffRole } from '@winery/domain';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/**
 * The winery's team. Kept apart from customers on purpose: a member's token can never become a
 * staff token, and staff sign in at their own endpoint with their own audience.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRole>().notNull().default('viewer'),
    /** Null for a colleague invited by e-mail who has not yet created a password (ADR 016). */
    passwordHash: text('password_hash'),
    /** A deactivated colleague cannot sign in; their past actions stay in the audit trail. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_users_tenant_email_unique').on(t.tenantId, t.email),
    check('staff_users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('staff_users_role_known', sql`${t.role} in ('admin', 'manager', 'viewer')`),
  ],
);

/** One row per staff token (id = jti), so staff sessions can be revoked like members'. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_user_idx').on(t.staffUserId)],
);

/**
 * Every staff write: who, when, what, and the record before and after, written in the same
 * transaction as the change it describes (issue 14), so nothing staff do is unaccounted for.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** e.g. 'wine.update', 'offering.close', 'allocations.import'. */
    action: text('action').notNull(),
    /** The kind and id of what changed ('wine', uuid). */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('audit_log_tenant_entity_idx').on(t.tenantId, t.entityType, t.entityId),
  ],
);

/**
 * Staff invitation links (ADR 016): like members' link_tokens (only the SHA-256 is stored; one
 * purpose, expires, used once) but in a table of their own, so a staff link can never be
 * exchanged for a member session, nor a member's link set a staff password.
 */
export const staffLinkTokens = pgTable(
  'staff_link_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'create-password'>().notNull().default('create-password'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_link_tokens_hash_idx').on(t.tokenHash),
    index('staff_link_tokens_user_idx').on(t.tenantId, t.staffUserId),
    check('staff_link_tokens_purpose_known', sql`${t.purpose} in ('create-password')`),
  ],
);
