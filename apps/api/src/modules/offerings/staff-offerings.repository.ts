import { and, asc, count, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  allocationLines,
  allocations,
  customers,
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
  type WishStatus,
} from '../../db/schema/index.js';
import { retryOnTransientConflict } from '../../shared/transaction-retry.js';

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

export interface AllocationLineValues {
  offeringWineId: string;
  minimum: number;
  maximum: number;
}

/** Postgres takes at most 65 535 parameters per statement; inserts go in slices well below it. */
const SLICE = 500;
const slices = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += SLICE) out.push(rows.slice(i, i + SLICE));
  return out;
};

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

    /* ------------------------------------------------------------ members' allocations */

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

    /* ------------------------------------------------------------ wishes */

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
