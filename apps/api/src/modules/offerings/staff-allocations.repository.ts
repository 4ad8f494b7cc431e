import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { allocationLines, allocations, customers, offeringWines, orders, wines, wishes, type WishStatus } from '../../db/schema/index.js';

/**
 * Members' allocations in an offering and their wishes, as staff write them. Part of the staff
 * offerings repository (its transactions and its offering lock cover these queries too).
 */

export interface AllocationLineValues {
  offeringWineId: string;
  minimum: number;
  maximum: number;
}

/** Postgres takes at most 65 535 parameters per statement; writes go in slices well below it. */
const SLICE = 500;
const slices = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += SLICE) out.push(rows.slice(i, i + SLICE));
  return out;
};

export function staffAllocationQueries(db: Database) {
  return {
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

    /** Members of the offering (all, or those allocations), by last name, with their lines. */
    async listAllocations(tenantId: string, offeringId: string, allocationIds?: string[]) {
      const members = await db
        .select({
          id: allocations.id,
          customerId: allocations.customerId,
          email: customers.email,
          firstName: customers.firstName,
          lastName: customers.lastName,
          orderMinimumCents: allocations.orderMinimumCents,
          metaData: allocations.metaData,
          hasOrdered: sql<boolean>`exists (select 1 from ${orders} where ${orders.allocationId} = ${allocations.id} and ${orders.status} <> 'cancelled')`,
        })
        .from(allocations)
        .innerJoin(customers, eq(customers.id, allocations.customerId))
        .where(
          and(
            eq(allocations.tenantId, tenantId),
            eq(allocations.offeringId, offeringId),
            ...(allocationIds ? [inArray(allocations.id, allocationIds)] : []),
          ),
        )
        .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.email));
      const lines = await db
        .select({
          allocationId: allocationLines.allocationId,
          wineId: offeringWines.wineId,
          minimum: allocationLines.minimum,
          maximum: allocationLines.maximum,
        })
        .from(allocationLines)
        .innerJoin(allocations, eq(allocations.id, allocationLines.allocationId))
        .innerJoin(offeringWines, eq(offeringWines.id, allocationLines.offeringWineId))
        .where(
          and(
            eq(allocationLines.tenantId, tenantId),
            eq(allocations.offeringId, offeringId),
            ...(allocationIds ? [inArray(allocations.id, allocationIds)] : []),
          ),
        )
        .orderBy(asc(offeringWines.sortOrder));
      return { members, lines };
    },

    /** Wishes of the offering (or one wish, in any offering of the tenant), waiting ones first. */
    async listWishes(tenantId: string, by: { offeringId: string } | { wishId: string }) {
      return db
        .select({
          id: wishes.id,
          allocationId: wishes.allocationId,
          customerId: customers.id,
          email: customers.email,
          firstName: customers.firstName,
          lastName: customers.lastName,
          wineId: wines.id,
          wineName: wines.name,
          vintage: wines.vintage,
          sizeMl: wines.sizeMl,
          quantity: wishes.quantity,
          status: wishes.status,
          maximum: sql<number>`coalesce(${allocationLines.maximum}, 0)`.mapWith(Number),
          createdAt: wishes.createdAt,
          decidedAt: wishes.decidedAt,
        })
        .from(wishes)
        .innerJoin(allocations, eq(allocations.id, wishes.allocationId))
        .innerJoin(customers, eq(customers.id, allocations.customerId))
        .innerJoin(offeringWines, eq(offeringWines.id, wishes.offeringWineId))
        .innerJoin(wines, eq(wines.id, offeringWines.wineId))
        .leftJoin(
          allocationLines,
          and(eq(allocationLines.allocationId, wishes.allocationId), eq(allocationLines.offeringWineId, wishes.offeringWineId)),
        )
        .where(
          and(
            eq(wishes.tenantId, tenantId),
            'offeringId' in by ? eq(allocations.offeringId, by.offeringId) : eq(wishes.id, by.wishId),
          ),
        )
        .orderBy(sql`${wishes.status} = 'requested' desc`, asc(wishes.createdAt), asc(wishes.id));
    },

    /** The offering a wish was made in, to lock before the wish (see `lock`). */
    async offeringOfWish(tenantId: string, wishId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ offeringId: allocations.offeringId })
        .from(wishes)
        .innerJoin(allocations, eq(allocations.id, wishes.allocationId))
        .where(and(eq(wishes.tenantId, tenantId), eq(wishes.id, wishId)))
        .limit(1);
      return row?.offeringId;
    },

    /** The wish, locked until the transaction ends, so it is answered once. */
    async lockWish(tenantId: string, wishId: string) {
      const [row] = await db
        .select()
        .from(wishes)
        .where(and(eq(wishes.tenantId, tenantId), eq(wishes.id, wishId)))
        .for('update');
      return row;
    },

    /** Raises the member's maximum for the wine; a wine without a line gets one from 0 to `by`. */
    async raiseMaximum(tenantId: string, allocationId: string, offeringWineId: string, by: number) {
      await db
        .insert(allocationLines)
        .values({ tenantId, allocationId, offeringWineId, minimum: 0, maximum: by })
        .onConflictDoUpdate({
          target: [allocationLines.allocationId, allocationLines.offeringWineId],
          set: { maximum: sql`${allocationLines.maximum} + ${by}` },
        });
    },

    async decideWish(tenantId: string, wishId: string, status: Exclude<WishStatus, 'requested'>, at: Date) {
      await db
        .update(wishes)
        .set({ status, decidedAt: at })
        .where(and(eq(wishes.tenantId, tenantId), eq(wishes.id, wishId)));
    },
  };
}
