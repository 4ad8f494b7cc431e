import { and, asc, count, desc, eq, gt, gte, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { StaffOfferingListQuery } from '@winery/domain';
import type { Database } from '../../db/database.js';
import {
  allocations,
  inventoryLocations,
  offeringWines,
  offerings,
  wines,
  type OfferingCombination,
  type OfferingLetter,
  type VintageNote,
} from '../../db/schema/index.js';
import { retryOnTransientConflict } from '../../shared/db-errors.js';
import type { CursorKey } from '../../shared/pagination.js';
import { offeringStockQueries } from './offering-stock.repository.js';
import { staffAllocationQueries } from './staff-allocations.repository.js';
import { staffWishQueries } from './staff-wishes.repository.js';

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
  status: 'draft' | 'published';
  letterMarkdown: string | null;
  vintageNotesMarkdown: string | null;
  reminderDaysBefore: number | null;
  /** Issue 17: members admitted a minute through the waiting room (null: none), minutes a choice is held (null: none). */
  admissionPerMinute: number | null;
  holdMinutes: number | null;
  closedEarlyAt: Date | null;
  duplicatedFromId: string | null;
  updatedAt: Date;
}

/** The sort key of the staff list (latest start first, then name and id), as its cursor carries it. */
export const offeringListKey = (row: { offering: OfferingRow }): CursorKey => [
  row.offering.startDate.toISOString(),
  row.offering.name,
  row.offering.id,
];

/** `?phase=`: a phase among published offerings, or the drafts. */
function listFilter(filter: StaffOfferingListQuery['phase'], at: Date): SQL | undefined {
  switch (filter) {
    case 'draft':
      return eq(offerings.status, 'draft');
    case 'scheduled':
      return and(eq(offerings.status, 'published'), gt(offerings.startDate, at));
    case 'open':
      return and(eq(offerings.status, 'published'), lte(offerings.startDate, at), gte(offerings.endDate, at));
    case 'closed':
      return and(eq(offerings.status, 'published'), lt(offerings.endDate, at));
    default:
      return undefined;
  }
}

/**
 * Every query a staff write to an offering needs, by aggregate: the offering itself (here), its
 * wines and stock, members' allocations, wishes. One object, so one transaction covers them all.
 */
function staffOfferingQueries(db: Database) {
  return {
    /** Latest start first, with how many wines and members each has: `limit` rows after the cursor's key. */
    async list(tenantId: string, options: { limit: number; after?: CursorKey; filter?: StaffOfferingListQuery['phase']; at: Date }) {
      const after = options.after;
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
        .where(
          and(
            eq(offerings.tenantId, tenantId),
            listFilter(options.filter, options.at),
            after
              ? or(
                  lt(offerings.startDate, new Date(String(after[0]))),
                  and(
                    eq(offerings.startDate, new Date(String(after[0]))),
                    sql`(${offerings.name}, ${offerings.id}) > (${after[1]}, ${after[2]}::uuid)`,
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(desc(offerings.startDate), asc(offerings.name), asc(offerings.id))
        .limit(options.limit);
    },

    /** The slugs already taken that start with `prefix` (to number a copy). */
    async slugsLike(tenantId: string, prefix: string): Promise<string[]> {
      const rows = await db
        .select({ slug: offerings.slug })
        .from(offerings)
        .where(and(eq(offerings.tenantId, tenantId), like(offerings.slug, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)));
      return rows.map((row) => row.slug);
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

    /** Throws on the unique index of the tenant's slugs. */
    async insert(
      tenantId: string,
      values: Partial<OfferingValues> &
        Omit<
          OfferingValues,
          | 'status'
          | 'letterMarkdown'
          | 'vintageNotesMarkdown'
          | 'reminderDaysBefore'
          | 'admissionPerMinute'
          | 'holdMinutes'
          | 'closedEarlyAt'
          | 'duplicatedFromId'
          | 'updatedAt'
        >,
    ): Promise<OfferingRow> {
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
          defaultMinimum: offeringWines.defaultMinimum,
          defaultMaximum: offeringWines.defaultMaximum,
        })
        .from(offeringWines)
        .innerJoin(wines, and(eq(wines.id, offeringWines.wineId), eq(wines.tenantId, offeringWines.tenantId)))
        .where(and(eq(offeringWines.tenantId, tenantId), eq(offeringWines.offeringId, offeringId)))
        .orderBy(asc(offeringWines.sortOrder), asc(wines.name));
    },

    ...offeringStockQueries(db),
    ...staffAllocationQueries(db),
    ...staffWishQueries(db),
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
    transaction<T>(work: (queries: StaffOfferingQueries, tx: Database) => Promise<T>): Promise<T> {
      return retryOnTransientConflict(() => db.transaction((tx) => work(staffOfferingQueries(tx), tx)));
    },
  };
}

export type StaffOfferingsRepository = ReturnType<typeof createStaffOfferingsRepository>;
