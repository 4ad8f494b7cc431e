import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { allocationLines, allocations, customers, linkTokens, offeringInvitations } from '../../db/schema/index.js';
import { recordAudits, type AuditActor, type AuditEntry } from '../../shared/audit.js';
import { memberFilter } from '../members/member-search.js';

/*
 * Members' allocations as the console changes many at once or removes one, and the audit of it.
 * Part of the staff offerings repository (through staffAllocationQueries): its transactions and
 * its offering lock cover these queries too.
 */

export interface AllocationLineValues {
  offeringWineId: string;
  minimum: number;
  maximum: number;
}

/** Whether the allocation's member has an order that was not cancelled (plain SQL: see invitation-state.ts). */
export const ORDERED = sql.raw(`exists (select 1 from orders ao where ao.allocation_id = "allocations"."id" and ao.status <> 'cancelled')`);

/** Postgres takes at most 65 535 parameters per statement; writes go in slices well below it. */
export const SLICE = 500;
export const slices = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += SLICE) out.push(rows.slice(i, i + SLICE));
  return out;
};

export function staffAllocationWriteQueries(db: Database) {
  return {
    /** One allocation of the offering, with whether its member has an order that was not cancelled. */
    async findAllocation(tenantId: string, offeringId: string, allocationId: string) {
      const [row] = await db
        .select({
          id: allocations.id,
          customerId: allocations.customerId,
          orderMinimumCents: allocations.orderMinimumCents,
          metaData: allocations.metaData,
          hasOrdered: sql<boolean>`${ORDERED}`,
        })
        .from(allocations)
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.offeringId, offeringId), eq(allocations.id, allocationId)));
      return row;
    },

    /**
     * Removes a member from the offering: the allocation (its lines, wishes and carts go with it),
     * its invitation records, and its unused links stop working now.
     */
    async deleteAllocation(tenantId: string, allocationId: string, at: Date) {
      await db
        .update(linkTokens)
        .set({ expiresAt: at })
        .where(
          and(
            eq(linkTokens.tenantId, tenantId),
            eq(linkTokens.allocationId, allocationId),
            isNull(linkTokens.usedAt),
            gt(linkTokens.expiresAt, at),
          ),
        );
      await db
        .delete(offeringInvitations)
        .where(and(eq(offeringInvitations.tenantId, tenantId), eq(offeringInvitations.allocationId, allocationId)));
      await db.delete(allocations).where(and(eq(allocations.tenantId, tenantId), eq(allocations.id, allocationId)));
    },

    /** Members matching a console filter: the offering's (with their allocation), or every active member. */
    async matchMembers(
      tenantId: string,
      offeringId: string,
      filter: { q?: string | undefined; tierId?: string | undefined; onlyAllocated: boolean },
    ) {
      return db
        .select({ customerId: customers.id, allocationId: allocations.id })
        .from(customers)
        .leftJoin(allocations, and(eq(allocations.customerId, customers.id), eq(allocations.offeringId, offeringId)))
        .where(
          and(
            eq(customers.tenantId, tenantId),
            memberFilter(filter),
            filter.onlyAllocated ? isNotNull(allocations.id) : or(isNotNull(allocations.id), isNull(customers.deactivatedAt)),
          ),
        )
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id));
    },

    /** The lines of these allocations, for the audit trail's "before" and to tell what changed. */
    async linesOf(tenantId: string, allocationIds: string[]) {
      const out: Array<{ allocationId: string; offeringWineId: string; minimum: number; maximum: number }> = [];
      for (const slice of slices(allocationIds)) {
        out.push(
          ...(await db
            .select({
              allocationId: allocationLines.allocationId,
              offeringWineId: allocationLines.offeringWineId,
              minimum: allocationLines.minimum,
              maximum: allocationLines.maximum,
            })
            .from(allocationLines)
            .where(and(eq(allocationLines.tenantId, tenantId), inArray(allocationLines.allocationId, slice)))),
        );
      }
      return out;
    },

    /** Sets these lines (others kept) on every allocation listed. */
    async upsertLines(tenantId: string, allocationIds: string[], lines: AllocationLineValues[]) {
      const rows = allocationIds.flatMap((allocationId) => lines.map((line) => ({ ...line, tenantId, allocationId })));
      for (const slice of slices(rows)) {
        await db
          .insert(allocationLines)
          .values(slice)
          .onConflictDoUpdate({
            target: [allocationLines.allocationId, allocationLines.offeringWineId],
            set: { minimum: sql`excluded.minimum`, maximum: sql`excluded.maximum` },
          });
      }
    },

    /** The connection or transaction these queries run on, for helpers that take one (links, mail). */
    database: db,

    /** Audit entries in the caller's transaction (one insert). */
    recordAllocationAudits: (actor: AuditActor, entries: AuditEntry[]) => recordAudits(db, actor, entries),

  };
}
