import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  allocationLines,
  allocations,
  carts,
  offerings,
  offeringWines,
  orderLines,
  orders,
  wines,
  type CartLineRow,
  type OfferingCombination,
} from '../../db/schema/index.js';
import { allocationWindows } from '../allocations/allocation-windows.js';

export type CartRow = typeof carts.$inferSelect;

/** A member's allocation with what decides whether and how they may order in it. */
export interface AllocationOffer {
  allocationId: string;
  offeringId: string;
  offeringName: string;
  /** The member's own window (allocation_windows): their tier's opening and close. */
  startDate: Date;
  endDate: Date;
  cancelledAt: Date | null;
  /** The allocation's own order minimum when staff set one, else the offering's. */
  orderMinimumCents: number;
  combinations: OfferingCombination[];
}

/** One wine of a member's allocation: their limits, the offering's price, the names an order keeps. */
export interface WineLimitRow {
  offeringWineId: string;
  minimum: number;
  maximum: number;
  priceCents: number;
  name: string;
  vintage: number;
  sizeMl: number;
}

function cartQueries(db: Database) {
  return {
    /** The member's own allocation only: someone else's answers like one that does not exist. */
    async findAllocation(tenantId: string, customerId: string, allocationId: string): Promise<AllocationOffer | undefined> {
      const [row] = await db
        .select({
          allocationId: allocations.id,
          offeringId: offerings.id,
          offeringName: offerings.name,
          // The member's own window: a member of a tier that opens later cannot choose before it.
          startDate: allocationWindows.opensAt,
          endDate: allocationWindows.closesAt,
          cancelledAt: offerings.cancelledAt,
          allocationMinimum: allocations.orderMinimumCents,
          offeringMinimum: offerings.orderMinimumCents,
          combinations: offerings.combinations,
        })
        .from(allocations)
        .innerJoin(
          offerings,
          and(eq(offerings.id, allocations.offeringId), eq(offerings.tenantId, allocations.tenantId), eq(offerings.status, 'published')),
        )
        .innerJoin(allocationWindows, eq(allocationWindows.allocationId, allocations.id))
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.customerId, customerId), eq(allocations.id, allocationId)))
        .limit(1);
      if (!row) return undefined;
      const { allocationMinimum, offeringMinimum, ...rest } = row;
      return { ...rest, orderMinimumCents: allocationMinimum ?? offeringMinimum };
    },

    /**
     * Locks the member's allocation row until the transaction ends, so two of their carts or
     * orders for it never run side by side. NO KEY UPDATE: rows that merely point at the
     * allocation (carts, orders) can still be inserted by others meanwhile.
     */
    async lockAllocation(tenantId: string, customerId: string, allocationId: string): Promise<boolean> {
      const rows = await db
        .select({ id: allocations.id })
        .from(allocations)
        .where(and(eq(allocations.tenantId, tenantId), eq(allocations.customerId, customerId), eq(allocations.id, allocationId)))
        .for('no key update');
      return rows.length > 0;
    },

    /** The wines of the allocation, in the offering's order. Granted wishes are already in `maximum`. */
    async wineLimits(tenantId: string, allocationId: string): Promise<WineLimitRow[]> {
      return db
        .select({
          offeringWineId: offeringWines.id,
          minimum: allocationLines.minimum,
          maximum: allocationLines.maximum,
          priceCents: offeringWines.priceCents,
          name: wines.name,
          vintage: wines.vintage,
          sizeMl: wines.sizeMl,
        })
        .from(allocationLines)
        .innerJoin(allocations, eq(allocations.id, allocationLines.allocationId))
        .innerJoin(
          offeringWines,
          and(eq(offeringWines.id, allocationLines.offeringWineId), eq(offeringWines.offeringId, allocations.offeringId)),
        )
        .innerJoin(wines, eq(wines.id, offeringWines.wineId))
        .where(and(eq(allocationLines.tenantId, tenantId), eq(allocationLines.allocationId, allocationId)))
        .orderBy(asc(offeringWines.sortOrder), asc(wines.name), asc(offeringWines.id));
    },

    /**
     * The allocation's wines with, per wine, the bottles the member's earlier orders in it already
     * hold (cancelled orders give theirs back): one round trip, read under the allocation's lock.
     */
    async choiceContext(tenantId: string, customerId: string, allocationId: string): Promise<{ limits: WineLimitRow[]; taken: Map<string, number> }> {
      // What the member's earlier orders hold: their own orders of the allocation first (by
      // allocation), then those orders' lines (by order). Each look-up names only the columns of
      // the index it needs, so neither walks every order of the tenant or every line of a wine,
      // which grow all through a release, whatever the planner's statistics say.
      const mine = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.allocationId, allocationId), eq(orders.customerId, customerId), ne(orders.status, 'cancelled')));
      const taken = new Map<string, number>();
      if (mine.length > 0) {
        const held = await db
          .select({ offeringWineId: orderLines.offeringWineId, quantity: orderLines.quantity })
          .from(orderLines)
          .where(inArray(orderLines.orderId, mine.map((order) => order.id)));
        for (const line of held) taken.set(line.offeringWineId, (taken.get(line.offeringWineId) ?? 0) + line.quantity);
      }
      const limits = await db
        .select({
          offeringWineId: offeringWines.id,
          minimum: allocationLines.minimum,
          maximum: allocationLines.maximum,
          priceCents: offeringWines.priceCents,
          name: wines.name,
          vintage: wines.vintage,
          sizeMl: wines.sizeMl,
        })
        .from(allocationLines)
        .innerJoin(allocations, eq(allocations.id, allocationLines.allocationId))
        .innerJoin(
          offeringWines,
          and(eq(offeringWines.id, allocationLines.offeringWineId), eq(offeringWines.offeringId, allocations.offeringId)),
        )
        .innerJoin(wines, eq(wines.id, offeringWines.wineId))
        .where(and(eq(allocationLines.tenantId, tenantId), eq(allocationLines.allocationId, allocationId)))
        .orderBy(asc(offeringWines.sortOrder), asc(wines.name), asc(offeringWines.id));
      return { limits, taken };
    },

    async findCartForAllocation(tenantId: string, customerId: string, allocationId: string): Promise<CartRow | undefined> {
      const [row] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.tenantId, tenantId), eq(carts.customerId, customerId), eq(carts.allocationId, allocationId)))
        .orderBy(asc(carts.createdAt))
        .limit(1);
      return row;
    },

    /** Any member's cart of this tenant: the service tells "not yours" from "not there". */
    async findCartById(tenantId: string, cartId: string): Promise<CartRow | undefined> {
      const [row] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.tenantId, tenantId), eq(carts.id, cartId)))
        .limit(1);
      return row;
    },

    async insertCart(tenantId: string, customerId: string, allocationId: string, lines: CartLineRow[], at: Date): Promise<CartRow> {
      const [row] = await db
        .insert(carts)
        .values({ tenantId, customerId, allocationId, lines, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    async replaceLines(tenantId: string, cartId: string, lines: CartLineRow[], at: Date): Promise<CartRow> {
      const [row] = await db
        .update(carts)
        .set({ lines, updatedAt: at })
        .where(and(eq(carts.tenantId, tenantId), eq(carts.id, cartId)))
        .returning();
      return row!;
    },
  };
}

export type CartQueries = ReturnType<typeof cartQueries>;

export function createCartRepository(db: Database) {
  return {
    ...cartQueries(db),
    /** Runs `work` in one transaction, with the same queries bound to it. */
    transaction<T>(work: (queries: CartQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(cartQueries(tx)));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
export { cartQueries };
