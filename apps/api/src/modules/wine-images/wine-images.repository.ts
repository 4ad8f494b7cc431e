import { and, asc, eq, inArray } from 'drizzle-orm';
import type { WineImage, WineImageVariant } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { wineImages, wines } from '../../db/schema/index.js';
import { wineImageView } from './wine-image-view.js';

/** One width of a picture as it is stored. */
export interface StoredWineImage {
  variant: WineImageVariant;
  contentType: string;
  width: number;
  height: number;
  data: Uint8Array;
  etag: string;
}

/** The descriptors of these wines' pictures, by wine id (wines without one are left out). */
export async function wineImageDescriptors(db: Database, tenantId: string, wineIds: readonly string[]): Promise<Map<string, WineImage>> {
  if (wineIds.length === 0) return new Map();
  const rows = await db
    .select({
      wineId: wineImages.wineId,
      variant: wineImages.variant,
      width: wineImages.width,
      height: wineImages.height,
      etag: wineImages.etag,
      alt: wineImages.altText,
    })
    .from(wineImages)
    .where(and(eq(wineImages.tenantId, tenantId), inArray(wineImages.wineId, [...wineIds])))
    .orderBy(asc(wineImages.wineId), asc(wineImages.width));
  const byWine = new Map<string, typeof rows>();
  for (const row of rows) byWine.set(row.wineId, [...(byWine.get(row.wineId) ?? []), row]);
  const views = new Map<string, WineImage>();
  for (const [wineId, variants] of byWine) {
    const view = wineImageView(tenantId, wineId, variants);
    if (view) views.set(wineId, view);
  }
  return views;
}

function wineImageQueries(db: Database) {
  return {
    /** The wine, locked for the rest of the transaction when asked: two uploads at once take turns. */
    async findWine(tenantId: string, wineId: string, lock = false) {
      const query = db
        .select({ id: wines.id, name: wines.name, vintage: wines.vintage })
        .from(wines)
        .where(and(eq(wines.tenantId, tenantId), eq(wines.id, wineId)));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async descriptor(tenantId: string, wineId: string): Promise<WineImage | null> {
      return (await wineImageDescriptors(db, tenantId, [wineId])).get(wineId) ?? null;
    },

    /** One width, with its bytes; undefined when the wine (of this tenant) has no such width. */
    async variant(tenantId: string, wineId: string, variant: WineImageVariant): Promise<StoredWineImage | undefined> {
      const [row] = await db
        .select({
          variant: wineImages.variant,
          contentType: wineImages.contentType,
          width: wineImages.width,
          height: wineImages.height,
          data: wineImages.data,
          etag: wineImages.etag,
        })
        .from(wineImages)
        .where(and(eq(wineImages.tenantId, tenantId), eq(wineImages.wineId, wineId), eq(wineImages.variant, variant)))
        .limit(1);
      return row as StoredWineImage | undefined;
    },

    /** The picture's widths replaced by these (a width the new picture lacks goes). */
    async replace(tenantId: string, wineId: string, altText: string, variants: readonly StoredWineImage[], at: Date): Promise<void> {
      await db.delete(wineImages).where(and(eq(wineImages.tenantId, tenantId), eq(wineImages.wineId, wineId)));
      await db.insert(wineImages).values(variants.map((variant) => ({ tenantId, wineId, altText, updatedAt: at, ...variant })));
    },

    /** Only the words: returns false when the wine has no picture to describe. */
    async describe(tenantId: string, wineId: string, altText: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(wineImages)
        .set({ altText, updatedAt: at })
        .where(and(eq(wineImages.tenantId, tenantId), eq(wineImages.wineId, wineId)))
        .returning({ variant: wineImages.variant });
      return rows.length > 0;
    },

    /** Returns how many widths went (0: there was no picture). */
    async remove(tenantId: string, wineId: string): Promise<number> {
      const rows = await db
        .delete(wineImages)
        .where(and(eq(wineImages.tenantId, tenantId), eq(wineImages.wineId, wineId)))
        .returning({ variant: wineImages.variant });
      return rows.length;
    },
  };
}

export type WineImageQueries = ReturnType<typeof wineImageQueries>;

export function createWineImagesRepository(db: Database) {
  return {
    ...wineImageQueries(db),
    /** One transaction: the change and its audit entry are committed together. */
    transaction<T>(work: (queries: WineImageQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(wineImageQueries(tx), tx));
    },
  };
}

export type WineImagesRepository = ReturnType<typeof createWineImagesRepository>;
