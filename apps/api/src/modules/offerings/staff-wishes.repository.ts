import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { allocationLines, allocations, customers, offeringWines, wines, wishes, type WishStatus } from '../../db/schema/index.js';

/**
 * Members' wishes for more bottles, as staff answer them. Part of the staff offerings repository
 * (its transactions and its offering lock cover these queries too).
 */
export function staffWishQueries(db: Database) {
  return {
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
