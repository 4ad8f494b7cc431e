import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { inventoryLocations, offeringWines, orderLines, orders, stock } from '../../db/schema/index.js';

/**
 * An offering's wines as stock: what is offered at which price, how many bottles are left where,
 * how many have been ordered. Part of the staff offerings repository (its transactions and its
 * offering lock cover these queries too).
 */
export function offeringStockQueries(db: Database) {
  return {
    /**
     * Locks the offering's stock rows in (wine, location) order, the order in which orders take
     * them (wine-id order, one location each), before an edit changes or deletes any: an order
     * and an edit then queue on the first row they share instead of each holding one the other
     * needs.
     */
    async lockStock(tenantId: string, offeringId: string): Promise<void> {
      await db
        .select({ offeringWineId: stock.offeringWineId })
        .from(stock)
        .where(
          and(
            eq(stock.tenantId, tenantId),
            inArray(
              stock.offeringWineId,
              db.select({ id: offeringWines.id }).from(offeringWines).where(eq(offeringWines.offeringId, offeringId)),
            ),
          ),
        )
        .orderBy(asc(stock.offeringWineId), asc(stock.locationId))
        .for('update');
    },

    async stock(tenantId: string, offeringId: string) {
      return db
        .select({ offeringWineId: stock.offeringWineId, locationId: stock.locationId, quantity: stock.quantity })
        .from(stock)
        .innerJoin(offeringWines, eq(offeringWines.id, stock.offeringWineId))
        .innerJoin(inventoryLocations, eq(inventoryLocations.id, stock.locationId))
        .where(and(eq(stock.tenantId, tenantId), eq(offeringWines.offeringId, offeringId)))
        .orderBy(asc(inventoryLocations.sortOrder), asc(inventoryLocations.name));
    },

    /** Per offered wine: bottles in orders that were not cancelled. */
    async orderedTotals(tenantId: string, offeringId: string) {
      return db
        .select({
          offeringWineId: orderLines.offeringWineId,
          quantity: sql<number>`sum(${orderLines.quantity})`.mapWith(Number),
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .innerJoin(offeringWines, eq(offeringWines.id, orderLines.offeringWineId))
        .where(and(eq(orderLines.tenantId, tenantId), eq(offeringWines.offeringId, offeringId), ne(orders.status, 'cancelled')))
        .groupBy(orderLines.offeringWineId);
    },

    /** Adds the wine to the offering, or updates its price, place and default limits; answers the offering-wine id. */
    async upsertOfferingWine(input: {
      tenantId: string;
      offeringId: string;
      wineId: string;
      priceCents: number;
      sortOrder: number;
      defaultMinimum: number;
      defaultMaximum: number;
    }) {
      const [row] = await db
        .insert(offeringWines)
        .values(input)
        .onConflictDoUpdate({
          target: [offeringWines.offeringId, offeringWines.wineId],
          set: {
            priceCents: input.priceCents,
            sortOrder: input.sortOrder,
            defaultMinimum: input.defaultMinimum,
            defaultMaximum: input.defaultMaximum,
          },
        })
        .returning({ id: offeringWines.id });
      return row!.id;
    },

    /** Sets the bottles left per location; a location left out has none. */
    async replaceStock(tenantId: string, offeringWineId: string, rows: Array<{ locationId: string; quantity: number }>) {
      const kept = rows.map((row) => row.locationId);
      await db
        .delete(stock)
        .where(
          and(
            eq(stock.tenantId, tenantId),
            eq(stock.offeringWineId, offeringWineId),
            ...(kept.length > 0 ? [notInArray(stock.locationId, kept)] : []),
          ),
        );
      for (const row of rows) {
        await db
          .insert(stock)
          .values({ tenantId, offeringWineId, ...row })
          .onConflictDoUpdate({ target: [stock.offeringWineId, stock.locationId], set: { quantity: row.quantity } });
      }
    },

    /** Which of these offered wines appear in an order (of any status): those cannot be taken out. */
    async orderedOfferingWineIds(tenantId: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectDistinct({ id: orderLines.offeringWineId })
        .from(orderLines)
        .where(and(eq(orderLines.tenantId, tenantId), inArray(orderLines.offeringWineId, ids)));
      return rows.map((row) => row.id);
    },

    /** Takes wines out of the offering; their stock, members' lines and wishes go with them. */
    async deleteOfferingWines(tenantId: string, ids: string[]) {
      if (ids.length === 0) return;
      await db.delete(offeringWines).where(and(eq(offeringWines.tenantId, tenantId), inArray(offeringWines.id, ids)));
    },
  };
}
