import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { inventoryLocations, wines } from '../../db/schema/index.js';

export type WineRow = typeof wines.$inferSelect;
export type InventoryLocationRow = typeof inventoryLocations.$inferSelect;

export function createCatalogueRepository(db: Database) {
  return {
    /** By name, then vintage and bottle size, as a price list reads. */
    async listWines(tenantId: string): Promise<WineRow[]> {
      return db
        .select()
        .from(wines)
        .where(eq(wines.tenantId, tenantId))
        .orderBy(asc(wines.name), asc(wines.vintage), asc(wines.sizeMl));
    },

    /** Throws on the unique index of name, vintage and size. */
    async insertWine(tenantId: string, values: { name: string; vintage: number; sizeMl: number; description: string }): Promise<WineRow> {
      const [row] = await db
        .insert(wines)
        .values({ ...values, tenantId })
        .returning();
      return row!;
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

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
