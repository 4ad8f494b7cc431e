import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { tenants } from './tenants.js';

/** A message kept as its template's data until it is sent (mail_queue.template); read by the mail module, which types it. */
export interface DeferredMail {
  template: { kind: string };
  brand: object;
}

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every e-mail the product sends, rendered, waiting or sent. Requests only insert a row; a worker
 * sends it, so a slow or failing mail server never blocks or fails the request that caused it,
 * and a failed send is retried from here after a restart.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Which template made it (sign-in-link, reset-password, join-allocation-received, …). */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /**
     * The link tokens the bodies stand in for (`{{link:N}}`), encrypted (AES-256-GCM) with a key
     * derived from the server's secret, and erased once the message is sent: a copy of this table
     * never holds a usable link (issue 11).
     */
    linkSecrets: text('link_secrets'),
    /**
     * A message rendered when it is sent rather than when it is queued (an order's receipt, ADR 026):
     * its template's data and the brand that signs it. Its bodies are empty until the worker renders
     * and sends it, then hold what was sent, and this is null again. Only for templates without a
     * secret link, so it never holds a usable token.
     */
    template: jsonb('template').$type<DeferredMail>(),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The transport's answer: the SMTP message id, or the outbox file. */
    deliveryRef: text('delivery_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_queue_status_known', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

export const LINK_PURPOSES = ['login', 'account', 'allocation', 'reset-password', 'create-password'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/**
 * E-mailed link tokens (PRODUCT.md "Links by e-mail"). Only the SHA-256 of the token is stored;
 * each is bound to one purpose and one member, expires, and is used once.
 */
export const linkTokens = pgTable(
  'link_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<LinkPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The offering an allocation link opens. */
    allocationId: uuid('allocation_id'),
    /** The sign-in request (/magic-link/{id}) this link answers, for "resend". */
    requestId: uuid('request_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('link_tokens_hash_idx').on(t.tokenHash),
    index('link_tokens_customer_idx').on(t.tenantId, t.customerId, t.purpose),
    check('link_tokens_purpose_known', sql`${t.purpose} in ('login', 'account', 'allocation', 'reset-password', 'create-password')`),
  ],
);

/**
 * "Check your e-mail" pages (/magic-link/{id}) name a request, not an address, so the page
 * reveals nothing and "resend" needs no e-mail in the URL.
 */
export const signInRequests = pgTable('sign_in_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** Lowercased, as typed. */
  email: text('email').notNull(),
  /** Null when no member has that e-mail: the page and the answer look the same either way. */
  customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  sends: integer('sends').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
});

export const REQUEST_KINDS = ['allocation', 'founders-list'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Prospects asking to join the allocation list or the Founder's List, for staff to decide. */
export const allocationRequests = pgTable(
  'allocation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RequestKind>().notNull(),
    status: text('status').$type<RequestStatus>().notNull().default('pending'),
    prefix: text('prefix'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    company: text('company'),
    address: jsonb('address').$type<Record<string, string | null>>().notNull(),
    idealAllocation: text('ideal_allocation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('allocation_requests_tenant_email_idx').on(t.tenantId, t.email),
    check('allocation_requests_kind_known', sql`${t.kind} in ('allocation', 'founders-list')`),
    check('allocation_requests_status_known', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check('allocation_requests_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

export const INVITATION_KINDS = ['invitation', 'reminder'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

/**
 * One row per allocation-link e-mail staff sent for an allocation: the console follows each
 * member's invitation from queued to sent or failed (the mail row), link used and ordered.
 */
export const offeringInvitations = pgTable(
  'offering_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    offeringId: uuid('offering_id').notNull(),
    allocationId: uuid('allocation_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InvitationKind>().notNull().default('invitation'),
    mailId: uuid('mail_id').references(() => mailQueue.id, { onDelete: 'set null' }),
    /** The link token the message carries (its row in link_tokens), to tell when it was used. */
    linkTokenId: uuid('link_token_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offering_invitations_offering_idx').on(t.tenantId, t.offeringId, t.createdAt),
    index('offering_invitations_allocation_idx').on(t.allocationId),
    check('offering_invitations_kind_known', sql`${t.kind} in ('invitation', 'reminder')`),
  ],
);
