import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { brands, customers, mailQueue, tenants, type DeferredMail } from '../../db/schema/index.js';
import type { MailBrand } from './templates/mail-types.js';

export type MailRow = typeof mailQueue.$inferSelect;

export interface NewMail {
  /** Chosen before the insert: the sealed link secrets are bound to it. */
  id: string;
  tenantId: string;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** The bodies' link tokens, sealed (link-secrets.ts); null when the message has none. */
  linkSecrets: string | null;
  /** Rendered when sent (mail_queue.template): the template's data and brand; the bodies are empty until then. */
  template?: DeferredMail | null;
  /** When the worker may first send it (normally: now). */
  nextAttemptAt: Date;
  createdAt: Date;
}

/** Accepts the app's database or a caller's transaction: the row commits with the caller's data. */
export async function insertMail(db: Database, mail: NewMail): Promise<MailRow> {
  const [row] = await db.insert(mailQueue).values(mail).returning();
  return row!;
}

/**
 * The tenant's primary brand (else its first), whose name and contacts sign every e-mail; a
 * tenant without brands signs with its own name.
 */
export async function findMailBrand(db: Database, tenantId: string): Promise<MailBrand> {
  const [brand] = await db
    .select()
    .from(brands)
    .where(eq(brands.tenantId, tenantId))
    .orderBy(desc(brands.isPrimary), asc(brands.sortOrder), asc(brands.name))
    .limit(1);
  if (brand) return mailBrandOf(brand, tenantId);
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return mailBrandOf(undefined, tenant?.name ?? tenantId);
}

/** How a brand row (or, without one, the tenant's name) signs mail; for callers that read the row themselves (order placement). */
export function mailBrandOf(brand: typeof brands.$inferSelect | undefined, tenantName: string): MailBrand {
  if (!brand) return { name: tenantName, phone: null, email: null, postalAddress: [] };
  return {
    name: brand.name,
    phone: brand.phone,
    email: brand.email,
    postalAddress: [brand.addressLine1, `${brand.city}, ${brand.state} ${brand.postalCode}`.trim(), brand.country],
  };
}

/**
 * What mail a member wants (issue 15), read through the caller's transaction; undefined for no
 * such member of the tenant.
 */
export async function findMailPreferences(db: Database, tenantId: string, customerId: string) {
  const [row] = await db
    .select({
      offeringInvitations: customers.mailOfferingInvitations,
      offeringReminders: customers.mailOfferingReminders,
      news: customers.mailNews,
      deactivated: sql<boolean>`${customers.deactivatedAt} is not null`,
    })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .limit(1);
  return row;
}

export function createMailRepository(db: Database) {
  return {
    /**
     * Takes up to `limit` due rows for this worker: counts the attempt and leases the row until
     * `leaseUntil`, in one statement. SKIP LOCKED lets several API instances claim at once without
     * waiting on or taking each other's rows; the lease keeps a row away from other workers while
     * it is being sent (no transaction stays open during the send, which matters on PGlite's one
     * connection), and brings it back if this process dies mid-send.
     *
     * The rows are chosen in a CTE, which PostgreSQL runs once (a CTE that locks rows is never
     * folded into the query). Written as `id in (select … limit n for update skip locked)`, the
     * planner ran that subquery again for every row of a semi-join, each run locking the next
     * rows: one worker leased every due row at once, whatever the limit, and the other instances
     * found nothing to send (seen with two workers and 40 invitations).
     */
    async claimDue(at: Date, limit: number, leaseUntil: Date): Promise<MailRow[]> {
      const due = and(eq(mailQueue.status, 'queued'), lte(mailQueue.nextAttemptAt, at));
      const claimable = db.$with('claimable').as(
        db
          .select({ id: mailQueue.id })
          .from(mailQueue)
          .where(due)
          .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      return db
        .with(claimable)
        .update(mailQueue)
        .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(and(inArray(mailQueue.id, db.select({ id: claimable.id }).from(claimable)), due))
        .returning();
    },

    /**
     * The `attempts` check fences a worker whose lease ran out: once another worker has claimed
     * the row again, the stale worker's outcome is ignored. The link secrets go in the same
     * statement: a sent message keeps nothing that could open its links.
     */
    /** Sent: a message rendered at sending keeps the bodies it was sent with (`rendered`). */
    async markSent(id: string, attempt: number, at: Date, deliveryRef: string, rendered?: { subject: string; text: string; html: string }): Promise<boolean> {
      const bodies = rendered ? { subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html, template: null } : {};
      const rows = await db
        .update(mailQueue)
        .set({ status: 'sent', sentAt: at, deliveryRef, lastError: null, linkSecrets: null, ...bodies })
        .where(and(eq(mailQueue.id, id), eq(mailQueue.attempts, attempt), eq(mailQueue.status, 'queued')))
        .returning({ id: mailQueue.id });
      return rows.length > 0;
    },

    async scheduleRetry(id: string, attempt: number, nextAttemptAt: Date, lastError: string): Promise<void> {
      await db
        .update(mailQueue)
        .set({ nextAttemptAt, lastError })
        .where(and(eq(mailQueue.id, id), eq(mailQueue.attempts, attempt), eq(mailQueue.status, 'queued')));
    },

    /** A message that will never be sent loses its link secrets too. */
    async markFailed(id: string, attempt: number, lastError: string): Promise<void> {
      await db
        .update(mailQueue)
        .set({ status: 'failed', lastError, linkSecrets: null })
        .where(and(eq(mailQueue.id, id), eq(mailQueue.attempts, attempt), eq(mailQueue.status, 'queued')));
    },

    /** Gives back a claimed row that was not tried (the app is stopping): due again at once, attempt uncounted. */
    async release(id: string, attempt: number, at: Date): Promise<void> {
      await db
        .update(mailQueue)
        .set({ attempts: sql`${mailQueue.attempts} - 1`, nextAttemptAt: at })
        .where(and(eq(mailQueue.id, id), eq(mailQueue.attempts, attempt), eq(mailQueue.status, 'queued')));
    },

    /** Newest first, every tenant: the development outbox page. */
    async listRecent(limit: number): Promise<MailRow[]> {
      return db.select().from(mailQueue).orderBy(desc(mailQueue.createdAt), desc(mailQueue.id)).limit(limit);
    },

    async findById(id: string): Promise<MailRow | undefined> {
      const [row] = await db.select().from(mailQueue).where(eq(mailQueue.id, id)).limit(1);
      return row;
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
