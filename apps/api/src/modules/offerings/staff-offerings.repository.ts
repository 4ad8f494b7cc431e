import { and, asc, count, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  allocationLines,
  allocations,
  inventoryLocations,
  offeringWines,
  offerings,
  orderLines,
  orders,
  stock,
  wines,
  wishes,
  type OfferingCombination,
  type OfferingLetter,
  type VintageNote,
} from '../../db/schema/index.js';
import { retryOnTransientConflict } from '../../shared/db-errors.js';
import { staffAllocationQueries } from './staff-allocations.repository.js';

export type { AllocationLineValues } from './staff-allocations.repository.js';

export type OfferingRow = typeof offerings.$inferSelect;

/** An offering's own columns as staff write them (everything but id, tenant and timestamps). */
export interface OfferingValues {
  name: string;
  slug: string;
  campaignType: 'standard' | 'fl-onboarding' | 'event-offering';
  startDate: Date;
  endDate: Date;
  metaData: Record<string, unknown>;
  letter: OfferingLetter;
  vintageNotes: VintageNote[];
  orderMinimumCents: number;
  combinations: OfferingCombination[];
}

function staffOfferingQueries(db: Database) {
  return {
    /** Latest start first, with how many wines and members each has. */
    async list(tenantId: string) {
      const wineCount = db
        .select({ offeringId: offeringWines.offeringId, n: count().as('wine_count') })
        .from(offeringWines)
        .where(eq(offeringWines.tenantId, tenantId))
        .groupBy(offeringWines.offeringId)
        .as('wine_counts');
      const allocationCount = db
        .select({ offeringId: allocations.offeringId, n: count().as('allocation_count') })
        .from(allocations)
        .where(eq(allocations.tenantId, tenantId))
        .groupBy(allocations.offeringId)
        .as('allocation_counts');
      return db
        .select({
          offering: offerings,
          wineCount: sql<number>`coalesce(${wineCount.n}, 0)`.mapWith(Number),
          allocationCount: sql<number>`coalesce(${allocationCount.n}, 0)`.mapWith(Number),
        })
        .from(offerings)
        .leftJoin(wineCount, eq(wineCount.offeringId, offerings.id))
        .leftJoin(allocationCount, eq(allocationCount.offeringId, offerings.id))
        .where(eq(offerings.tenantId, tenantId))
        .orderBy(desc(offerings.startDate), asc(offerings.name));
    },

    async find(tenantId: string, id: string): Promise<OfferingRow | undefined> {
      const [row] = await db
        .select()
        .from(offerings)
        .where(and(eq(offerings.tenantId, tenantId), eq(offerings.id, id)))
        .limit(1);
      return row;
    },

    /**
     * The offering, locked until the transaction ends: every staff write to an offering, its wines,
     * stock, members' lines or wishes takes this lock first, so writes to one offering apply one
     * after the other and never wait for each other crosswise. 'no key update' for writes that
     * leave the offering's own row alone (members' orders and wishes, which only reference it,
     * are not held up); 'update' for edits of the offering itself.
     */
    async lock(tenantId: string, id: string, strength: 'update' | 'no key update' = 'update'): Promise<OfferingRow | undefined> {
      const [row] = await db
        .select()
        .from(offerings)
        .where(and(eq(offerings.tenantId, tenantId), eq(offerings.id, id)))
        .for(strength);
      return row;
    },

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

    /** Throws on the unique index of the tenant's slugs. */
    async insert(tenantId: string, values: OfferingValues): Promise<OfferingRow> {
      const [row] = await db
        .insert(offerings)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },

    async update(tenantId: string, id: string, values: Partial<OfferingValues>): Promise<void> {
      await db
        .update(offerings)
        .set(values)
        .where(and(eq(offerings.tenantId, tenantId), eq(offerings.id, id)));
    },

    async findWines(tenantId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: wines.id })
        .from(wines)
        .where(and(eq(wines.tenantId, tenantId), inArray(wines.id, ids)));
    },

    async findLocations(tenantId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: inventoryLocations.id })
        .from(inventoryLocations)
        .where(and(eq(inventoryLocations.tenantId, tenantId), inArray(inventoryLocations.id, ids)));
    },

    /** The offering's wines with their catalogue details, in the offering's order. */
    async offeringWines(tenantId: string, offeringId: string) {
      return db
        .select({
          offeringWineId: offeringWines.id,
          wineId: wines.id,
          name: wines.name,
          vintage: wines.vintage,
          sizeMl: wines.sizeMl,
          priceCents: offeringWines.priceCents,
        })
        .from(offeringWines)
        .innerJoin(wines, and(eq(wines.id, offeringWines.wineId), eq(wines.tenantId, offeringWines.tenantId)))
        .where(and(eq(offeringWines.tenantId, tenantId), eq(offeringWines.offeringId, offeringId)))
        .orderBy(asc(offeringWines.sortOrder), asc(wines.name));
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

    /** Adds the wine to the offering, or updates its price and place; answers the offering-wine id. */
    async upsertOfferingWine(input: { tenantId: string; offeringId: string; wineId: string; priceCents: number; sortOrder: number }) {
      const [row] = await db
        .insert(offeringWines)
        .values(input)
        .onConflictDoUpdate({
          target: [offeringWines.offeringId, offeringWines.wineId],
          set: { priceCents: input.priceCents, sortOrder: input.sortOrder },
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

    ...staffAllocationQueries(db),
  };
}

export type StaffOfferingQueries = ReturnType<typeof staffOfferingQueries>;

export function createStaffOfferingsRepository(db: Database) {
  return {
    ...staffOfferingQueries(db),
    /**
     * Runs `work` in one transaction: an edit or an assignment applies whole, or not at all. Run
     * again from the start if PostgreSQL aborted it for a deadlock or a serialization failure: the
     * work only touches the database, and the locks above make that the exception.
     */
    transaction<T>(work: (queries: StaffOfferingQueries) => Promise<T>): Promise<T> {
      return retryOnTransientConflict(() => db.transaction((tx) => work(staffOfferingQueries(tx))));
    },
  };
}

export type StaffOfferingsRepository = ReturnType<typeof createStaffOfferingsRepository>;
