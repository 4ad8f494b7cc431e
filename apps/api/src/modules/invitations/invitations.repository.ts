import { and, asc, count, eq, inArray, isNotNull, isNull, lte, gt, sql } from 'drizzle-orm';
import type { InvitationState } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { allocations, customers, linkTokens, offeringInvitations, offerings, type InvitationKind } from '../../db/schema/index.js';
import { recordAudits, type AuditActor, type AuditEntry } from '../../shared/audit.js';
import type { CursorKey } from '../../shared/pagination.js';
import { newLinkToken } from '../links/link-tokens.js';
import { afterMember } from '../members/member-search.js';
import { invitationColumns, invitationStateSql } from './invitation-state.js';

export type OfferingRow = typeof offerings.$inferSelect;

function invitationQueries(db: Database) {
  return {
    database: db,

    async findOffering(tenantId: string, offeringId: string): Promise<OfferingRow | undefined> {
      const [row] = await db
        .select()
        .from(offerings)
        .where(and(eq(offerings.tenantId, tenantId), eq(offerings.id, offeringId)))
        .limit(1);
      return row;
    },

    /**
     * One sender per offering at a time (until the transaction ends): two identical requests
     * queue here, and the second sees what the first queued. Other staff writes to the offering
     * are not held up (it is not the offering row's lock).
     */
    async lockSending(offeringId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`offering-invitations:${offeringId}`}, 0))`);
    },

    /** The offering's members (all, or those named) with what sending needs: their state, deactivation. */
    async members(tenantId: string, offeringId: string, customerIds?: string[], tierId?: string) {
      if (customerIds && customerIds.length === 0) return [];
      return db
        .select({
          allocationId: allocations.id,
          customerId: customers.id,
          email: customers.email,
          firstName: customers.firstName,
          deactivated: sql<boolean>`${customers.deactivatedAt} is not null`,
          // The member's own choices (issue 15): invitations and reminders skip those who said no.
          wantsInvitations: customers.mailOfferingInvitations,
          wantsReminders: customers.mailOfferingReminders,
          state: invitationStateSql,
        })
        .from(allocations)
        .innerJoin(customers, eq(customers.id, allocations.customerId))
        .where(
          and(
            eq(allocations.tenantId, tenantId),
            eq(allocations.offeringId, offeringId),
            customerIds ? inArray(allocations.customerId, customerIds) : undefined,
            tierId ? eq(customers.tierId, tierId) : undefined,
          ),
        )
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id));
    },

    /** A new allocation link for the member; the raw token (for the e-mail) and its row's id. */
    async issueAllocationLink(input: { tenantId: string; customerId: string; allocationId: string; createdAt: Date; expiresAt: Date }) {
      const { token, hash } = newLinkToken();
      const [row] = await db
        .insert(linkTokens)
        .values({ ...input, purpose: 'allocation', tokenHash: hash })
        .returning({ id: linkTokens.id });
      return { token, id: row!.id };
    },

    /** An allocation link whose e-mail was not queued (the member opted out): gone before it could work. */
    async dropLink(linkTokenId: string) {
      await db.delete(linkTokens).where(eq(linkTokens.id, linkTokenId));
    },

    async recordInvitations(
      rows: Array<{ tenantId: string; offeringId: string; allocationId: string; customerId: string; kind: InvitationKind; mailId: string; linkTokenId: string; createdAt: Date }>,
    ) {
      for (let i = 0; i < rows.length; i += 500) await db.insert(offeringInvitations).values(rows.slice(i, i + 500));
    },

    recordAudits: (actor: AuditActor, entries: AuditEntry[]) => recordAudits(db, actor, entries),

    /** A page of the offering's members with their invitation's steps, by (last name, first name, id). */
    async page(
      tenantId: string,
      offeringId: string,
      query: { state?: InvitationState | undefined; tierId?: string | undefined; after?: CursorKey | undefined; limit: number },
    ) {
      return db
        .select({
          allocationId: allocations.id,
          customerId: customers.id,
          email: customers.email,
          firstName: customers.firstName,
          lastName: customers.lastName,
          state: invitationStateSql,
          invitedAt: invitationColumns.invitedAt,
          sentAt: invitationColumns.sentAt,
          linkUsedAt: invitationColumns.linkUsedAt,
          orderedAt: invitationColumns.orderedAt,
          lastError: sql<string | null>`${invitationColumns.lastError}`,
          remindersOptedOut: sql<boolean>`not ${customers.mailOfferingReminders}`,
        })
        .from(allocations)
        .innerJoin(customers, eq(customers.id, allocations.customerId))
        .where(
          and(
            eq(allocations.tenantId, tenantId),
            eq(allocations.offeringId, offeringId),
            query.state ? sql`${invitationStateSql} = ${query.state}` : undefined,
            query.tierId ? eq(customers.tierId, query.tierId) : undefined,
            afterMember(query.after, sql`${allocations.id}`),
          ),
        )
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(allocations.id))
        .limit(query.limit);
    },

    /** Members per state. */
    async countByState(tenantId: string, offeringId: string, tierId?: string) {
      return db
        .select({ state: invitationStateSql, n: count() })
        .from(allocations)
        .innerJoin(customers, eq(customers.id, allocations.customerId))
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.offeringId, offeringId), tierId ? eq(customers.tierId, tierId) : undefined))
        .groupBy(invitationStateSql);
    },

    /** Published offerings whose scheduled reminder is due now and not yet sent. */
    async dueReminders(at: Date) {
      return db
        .select({ id: offerings.id, tenantId: offerings.tenantId })
        .from(offerings)
        .where(
          and(
            eq(offerings.status, 'published'),
            isNotNull(offerings.reminderDaysBefore),
            isNull(offerings.reminderSentAt),
            isNull(offerings.cancelledAt),
            lte(offerings.startDate, at),
            gt(offerings.endDate, at),
            lte(sql`${offerings.endDate} - make_interval(days => ${offerings.reminderDaysBefore})`, at),
          ),
        );
    },

    /** Takes the offering's scheduled reminder: true for exactly one caller, however many tick at once. */
    async claimReminder(tenantId: string, offeringId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(offerings)
        .set({ reminderSentAt: at })
        .where(and(eq(offerings.tenantId, tenantId), eq(offerings.id, offeringId), isNull(offerings.reminderSentAt)))
        .returning({ id: offerings.id });
      return rows.length > 0;
    },
  };
}

export type InvitationQueries = ReturnType<typeof invitationQueries>;

export function createInvitationsRepository(db: Database) {
  return {
    ...invitationQueries(db),
    transaction<T>(work: (queries: InvitationQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(invitationQueries(tx)));
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
