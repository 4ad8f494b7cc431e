import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  allocationLines,
  allocations,
  customers,
  offeringWines,
  wines,
  wishes,
  type WishStatus,
} from '../../db/schema/index.js';
import type { CursorKey } from '../../shared/pagination.js';

/**
 * Bottles of an offered wine not yet spoken for: in stock, less what granted wishes promised to
 * members who have not ordered yet (once they order, the stock itself has gone down).
 */
export const bottlesLeftSql = () => sql.raw(`(
  coalesce((select sum(ls.quantity) from stock ls where ls.offering_wine_id = "offering_wines"."id"), 0)
  - coalesce((select sum(gw.granted_quantity) from wishes gw
      where gw.offering_wine_id = "offering_wines"."id" and gw.status = 'granted'
        and not exists (select 1 from orders go where go.allocation_id = gw.allocation_id and go.status <> 'cancelled')), 0)
)`);

const waitingLast = sql<number>`(case when ${wishes.status} = 'requested' then 0 else 1 end)`;

/**
 * Members' wishes for more bottles, as staff answer them. Part of the staff offerings repository
 * (its transactions and its offering lock cover these queries too).
 */
export function staffWishQueries(db: Database) {
  return {
    /**
     * Wishes of the offering (a page after `after`, or those with a status), or one wish in any
     * offering of the tenant: waiting ones first, then by arrival; with what staff weigh them by.
     */
    async listWishes(
      tenantId: string,
      by: { offeringId: string; status?: WishStatus | undefined; after?: CursorKey | undefined; limit?: number } | { wishId: string },
    ) {
      const page = 'offeringId' in by ? by : undefined;
      const query = db
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
          offeringWineId: wishes.offeringWineId,
          quantity: wishes.quantity,
          status: wishes.status,
          grantedQuantity: wishes.grantedQuantity,
          left: sql<number>`${bottlesLeftSql()}`.mapWith(Number),
          maximum: sql<number>`coalesce(${allocationLines.maximum}, 0)`.mapWith(Number),
          createdAt: wishes.createdAt,
          decidedAt: wishes.decidedAt,
          rank: waitingLast.mapWith(Number),
          cursorAt: sql<string>`${wishes.createdAt}::text`,
          memberSince: customers.memberSince,
          memberCreatedAt: customers.createdAt,
          historyOfferings: sql<number>`${sql.raw(`(select count(*) from allocations ha where ha.customer_id = "customers"."id")`)}`.mapWith(Number),
          historyOrdered: sql<number>`${sql.raw(`(select count(*) from orders ho where ho.customer_id = "customers"."id" and ho.status <> 'cancelled')`)}`.mapWith(Number),
          historyGranted: sql<number>`${sql.raw(`(select count(*) from wishes hw join allocations hwa on hwa.id = hw.allocation_id
            where hwa.customer_id = "customers"."id" and hw.status = 'granted')`)}`.mapWith(Number),
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
            page ? eq(allocations.offeringId, page.offeringId) : eq(wishes.id, (by as { wishId: string }).wishId),
            page?.status ? eq(wishes.status, page.status) : undefined,
            page?.after
              ? sql`(${waitingLast}, ${wishes.createdAt}, ${wishes.id}) > (${Number(page.after[0])}, ${String(page.after[1])}::timestamptz, ${String(page.after[2])}::uuid)`
              : undefined,
          ),
        )
        .orderBy(waitingLast, asc(wishes.createdAt), asc(wishes.id));
      return page?.limit ? query.limit(page.limit) : query;
    },

    /** The offering's waiting wishes, locked until the transaction ends (a bulk grant answers each once). */
    async lockWaitingWishes(tenantId: string, offeringId: string) {
      const ids = await db
        .select({ id: wishes.id })
        .from(wishes)
        .innerJoin(allocations, eq(allocations.id, wishes.allocationId))
        .where(and(eq(wishes.tenantId, tenantId), eq(allocations.offeringId, offeringId), eq(wishes.status, 'requested')))
        .orderBy(asc(wishes.id))
        .for('update', { of: wishes });
      return ids.map((row) => row.id);
    },

    /** Bottles left per offered wine of the offering (see bottlesLeftSql). */
    async bottlesLeft(tenantId: string, offeringId: string, offeringWineIds?: string[]) {
      return db
        .select({ offeringWineId: offeringWines.id, left: sql<number>`${bottlesLeftSql()}`.mapWith(Number) })
        .from(offeringWines)
        .where(
          and(
            eq(offeringWines.tenantId, tenantId),
            eq(offeringWines.offeringId, offeringId),
            offeringWineIds ? inArray(offeringWines.id, offeringWineIds) : undefined,
          ),
        )
        .orderBy(asc(offeringWines.sortOrder));
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

    async decideWish(
      tenantId: string,
      wishId: string,
      status: Exclude<WishStatus, 'requested'>,
      at: Date,
      grantedQuantity: number | null = null,
    ) {
      await db
        .update(wishes)
        .set({ status, decidedAt: at, grantedQuantity })
        .where(and(eq(wishes.tenantId, tenantId), eq(wishes.id, wishId)));
    },
  };
}
