import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { InvitationState } from '@winery/domain';
import {
  allocationLines,
  allocations,
  customers,
  offeringWines,
  orders,
  tiers,
  wishes,
} from '../../db/schema/index.js';
import { invitationStateAtSql, invitationStateSql } from '../invitations/invitation-state.js';
import { afterMember, memberFilter } from '../members/member-search.js';
import type { CursorKey } from '../../shared/pagination.js';
import { ORDERED, slices, staffAllocationWriteQueries, type AllocationLineValues } from './staff-allocation-writes.repository.js';

/**
 * Members' allocations in an offering (their lines, their totals), as staff write them. Part of
 * the staff offerings repository (its transactions and its offering lock cover these queries too).
 */

export interface AllocationListOptions {
  allocationIds?: string[];
  filter?: { q?: string | undefined; tierId?: string | undefined; state?: InvitationState | undefined };
  /** The cursor's key: (last name, first name, allocation id) of the last row sent. */
  after?: CursorKey | undefined;
  limit?: number;
}

export type { AllocationLineValues } from './staff-allocation-writes.repository.js';

export function staffAllocationQueries(db: Database) {
  return {
    /** Per offered wine: the sums of the members' minimums and maximums. */
    async allocatedTotals(tenantId: string, offeringId: string) {
      return db
        .select({
          offeringWineId: allocationLines.offeringWineId,
          minimum: sql<number>`sum(${allocationLines.minimum})`.mapWith(Number),
          maximum: sql<number>`sum(${allocationLines.maximum})`.mapWith(Number),
        })
        .from(allocationLines)
        .innerJoin(allocations, eq(allocations.id, allocationLines.allocationId))
        .where(and(eq(allocationLines.tenantId, tenantId), eq(allocations.offeringId, offeringId)))
        .groupBy(allocationLines.offeringWineId);
    },

    async allocationCounts(tenantId: string, offeringId: string) {
      const [members] = await db
        .select({ n: count() })
        .from(allocations)
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.offeringId, offeringId)));
      const [ordered] = await db
        .select({ n: sql<number>`count(distinct ${orders.allocationId})`.mapWith(Number) })
        .from(orders)
        .innerJoin(allocations, eq(allocations.id, orders.allocationId))
        .where(and(eq(orders.tenantId, tenantId), eq(allocations.offeringId, offeringId), ne(orders.status, 'cancelled')));
      const [requested] = await db
        .select({ n: count() })
        .from(wishes)
        .innerJoin(allocations, eq(allocations.id, wishes.allocationId))
        .where(and(eq(wishes.tenantId, tenantId), eq(allocations.offeringId, offeringId), eq(wishes.status, 'requested')));
      return { count: Number(members?.n ?? 0), ordered: Number(ordered?.n ?? 0), wishesRequested: Number(requested?.n ?? 0) };
    },

    async findCustomers(tenantId: string, by: { ids: string[]; emails: string[] }) {
      const select = { id: customers.id, email: customers.email };
      const [byId, byEmail] = await Promise.all([
        by.ids.length > 0
          ? db.select(select).from(customers).where(and(eq(customers.tenantId, tenantId), inArray(customers.id, by.ids)))
          : [],
        by.emails.length > 0
          ? db.select(select).from(customers).where(and(eq(customers.tenantId, tenantId), inArray(customers.email, by.emails)))
          : [],
      ]);
      return { byId, byEmail };
    },

    async allocationsOf(tenantId: string, offeringId: string, customerIds: string[]) {
      if (customerIds.length === 0) return [];
      return db
        .select({ id: allocations.id, customerId: allocations.customerId })
        .from(allocations)
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.offeringId, offeringId), inArray(allocations.customerId, customerIds)));
    },

    /** New members' allocations; one that appeared meanwhile (another request) is left as it is. */
    async insertAllocations(
      rows: Array<{ tenantId: string; offeringId: string; customerId: string; orderMinimumCents: number | null; metaData: Record<string, unknown> }>,
    ) {
      for (const slice of slices(rows)) await db.insert(allocations).values(slice).onConflictDoNothing();
    },

    async updateAllocation(tenantId: string, id: string, values: { orderMinimumCents?: number | null; metaData?: Record<string, unknown> }) {
      if (Object.keys(values).length === 0) return;
      await db
        .update(allocations)
        .set(values)
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.id, id)));
    },

    /**
     * The members' lines become exactly these: lines for wines left out are removed, the others
     * are written over in place. An upsert rather than delete-then-insert, so a line another
     * transaction wrote meanwhile (a granted wish) is updated instead of tripping the primary key.
     */
    async replaceLines(tenantId: string, byAllocation: Array<{ allocationId: string; lines: AllocationLineValues[] }>) {
      for (const slice of slices(byAllocation)) {
        const kept = slice.flatMap((entry) => entry.lines.map((line) => sql`(${entry.allocationId}::uuid, ${line.offeringWineId}::uuid)`));
        const leftOut =
          kept.length > 0
            ? [
                sql`not exists (select 1 from (values ${sql.join(kept, sql`, `)}) as kept (a, w) where kept.a = ${allocationLines.allocationId} and kept.w = ${allocationLines.offeringWineId})`,
              ]
            : [];
        await db
          .delete(allocationLines)
          .where(
            and(
              eq(allocationLines.tenantId, tenantId),
              inArray(
                allocationLines.allocationId,
                slice.map((entry) => entry.allocationId),
              ),
              ...leftOut,
            ),
          );
      }
      const rows = byAllocation.flatMap((entry) => entry.lines.map((line) => ({ ...line, tenantId, allocationId: entry.allocationId })));
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

    /**
     * Members of the offering (those allocations, or a page matching a filter) in (last name,
     * first name, id) order, with their tier, invitation state and lines.
     */
    async listAllocations(tenantId: string, offeringId: string, options: AllocationListOptions = {}) {
      const { allocationIds, filter = {}, after, limit } = options;
      const query = db
        .select({
          id: allocations.id,
          customerId: allocations.customerId,
          email: customers.email,
          firstName: customers.firstName,
          lastName: customers.lastName,
          tierId: customers.tierId,
          tierName: tiers.name,
          orderMinimumCents: allocations.orderMinimumCents,
          metaData: allocations.metaData,
          hasOrdered: sql<boolean>`${ORDERED}`,
          state: invitationStateSql,
          stateAt: invitationStateAtSql,
        })
        .from(allocations)
        .innerJoin(customers, eq(customers.id, allocations.customerId))
        .leftJoin(tiers, eq(tiers.id, customers.tierId))
        .where(
          and(
            eq(allocations.tenantId, tenantId),
            eq(allocations.offeringId, offeringId),
            allocationIds ? inArray(allocations.id, allocationIds) : undefined,
            memberFilter(filter),
            filter.state ? sql`${invitationStateSql} = ${filter.state}` : undefined,
            afterMember(after, sql`${allocations.id}`),
          ),
        )
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(allocations.id));
      const members = await (limit === undefined ? query : query.limit(limit));
      const ids = members.map((member) => member.id);
      const lines =
        ids.length === 0
          ? []
          : await db
              .select({
                allocationId: allocationLines.allocationId,
                wineId: offeringWines.wineId,
                offeringWineId: allocationLines.offeringWineId,
                minimum: allocationLines.minimum,
                maximum: allocationLines.maximum,
              })
              .from(allocationLines)
              .innerJoin(offeringWines, eq(offeringWines.id, allocationLines.offeringWineId))
              .where(and(eq(allocationLines.tenantId, tenantId), inArray(allocationLines.allocationId, ids)))
              .orderBy(asc(offeringWines.sortOrder));
      return { members, lines };
    },

    ...staffAllocationWriteQueries(db),
  };
}
