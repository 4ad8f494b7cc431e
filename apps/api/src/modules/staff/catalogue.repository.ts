import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { inventoryLocations, wines } from '../../db/schema/index.js';
import type { CursorKey } from '../../shared/pagination.js';
import { wineImageDescriptors } from '../wine-images/wine-images.repository.js';

export type WineRow = typeof wines.$inferSelect;
export type InventoryLocationRow = typeof inventoryLocations.$inferSelect;
export interface WineValues {
  name: string;
  vintage: number;
  sizeMl: number;
  priceCents: number | null;
  description: string;
  tastingNotes: string;
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The sort key of the wine list (name, vintage, size, id), as its cursor carries it. */
export const wineKey = (row: WineRow): CursorKey => [row.name, row.vintage, row.sizeMl, row.id];

function wineQueries(db: Database) {
  return {
    /**
     * By name, then vintage and bottle size, as a price list reads: `limit` rows after the cursor's
     * key (keyset pagination), optionally those whose name contains `q`.
     */
    async listWines(tenantId: string, options: { limit: number; after?: CursorKey; q?: string }): Promise<WineRow[]> {
      const after = options.after;
      return db
        .select()
        .from(wines)
        .where(
          and(
            eq(wines.tenantId, tenantId),
            options.q ? ilike(wines.name, containsPattern(options.q)) : undefined,
            after
              ? sql`(${wines.name}, ${wines.vintage}, ${wines.sizeMl}, ${wines.id}) > (${after[0]}, ${after[1]}, ${after[2]}, ${after[3]}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(wines.name), asc(wines.vintage), asc(wines.sizeMl), asc(wines.id))
        .limit(options.limit);
    },

    async findWine(tenantId: string, id: string, lock = false): Promise<WineRow | undefined> {
      const query = db
        .select()
        .from(wines)
        .where(and(eq(wines.tenantId, tenantId), eq(wines.id, id)));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    /** Throws on the unique index of name, vintage and size. */
    async insertWine(tenantId: string, values: WineValues): Promise<WineRow> {
      const [row] = await db
        .insert(wines)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },

    /** Throws on the unique index of name, vintage and size. */
    async updateWine(tenantId: string, id: string, values: WineValues, at: Date): Promise<WineRow | undefined> {
      const [row] = await db
        .update(wines)
        .set({ ...values, updatedAt: at })
        .where(and(eq(wines.tenantId, tenantId), eq(wines.id, id)))
        .returning();
      return row;
    },

    async findWines(tenantId: string, ids: string[]): Promise<WineRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(wines)
        .where(and(eq(wines.tenantId, tenantId), inArray(wines.id, ids)));
    },

    async listLocations(tenantId: string): Promise<InventoryLocationRow[]> {
      return db
        .select()
        .from(inventoryLocations)
        .where(eq(inventoryLocations.tenantId, tenantId))
        .orderBy(asc(inventoryLocations.sortOrder), asc(inventoryLocations.name));
    },
  };
}

export type WineQueries = ReturnType<typeof wineQueries>;

export function createCatalogueRepository(db: Database) {
  return {
    ...wineQueries(db),
    /** The wines' pictures, by wine id (modules/wine-images). */
    imagesOf: (tenantId: string, ids: readonly string[]) => wineImageDescriptors(db, tenantId, ids),
    /** One transaction: the change and its audit entry are committed together. */
    transaction<T>(work: (queries: WineQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(wineQueries(tx), tx));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
