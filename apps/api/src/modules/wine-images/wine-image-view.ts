import { sql, type SQL } from 'drizzle-orm';
import { WINE_IMAGE_VARIANTS, type WineImage, type WineImageVariant } from '@winery/domain';
import { wineImages, wines } from '../../db/schema/index.js';

/** One kept width of a wine's picture, without its bytes: what a page needs to ask for it. */
export interface WineImageVariantRow {
  variant: string;
  width: number;
  height: number;
  etag: string;
  alt: string;
}

/** The public address of one width; `v` is its hash, so the address changes with the picture. */
export const wineImageUrl = (tenantId: string, wineId: string, variant: WineImageVariant, etag: string) =>
  `/v1/${encodeURIComponent(tenantId)}/wines/${wineId}/image/${variant}?v=${encodeURIComponent(etag)}`;

const isVariant = (value: string): value is WineImageVariant => (WINE_IMAGE_VARIANTS as readonly string[]).includes(value);

/**
 * The descriptor pages show, from a wine's kept widths (null when it has none): the widest is
 * `url` and gives the size; every width, narrowest first, is in `srcset`.
 */
export function wineImageView(tenantId: string, wineId: string, variants: readonly WineImageVariantRow[] | null | undefined): WineImage | null {
  const known = (variants ?? []).filter((row) => isVariant(row.variant)).sort((a, b) => a.width - b.width);
  const widest = known.at(-1);
  if (!widest) return null;
  const url = (row: WineImageVariantRow) => wineImageUrl(tenantId, wineId, row.variant as WineImageVariant, row.etag);
  return {
    url: url(widest),
    srcset: known.map((row) => ({ url: url(row), width: row.width })),
    width: widest.width,
    height: widest.height,
    alt: widest.alt,
  };
}

/**
 * A column for queries that select wines: the wine's kept widths as JSON (null without a picture),
 * for `wineImageView`. A subquery, so the query still answers one row per wine.
 */
export const wineImageVariantsColumn = (wineId: SQL | typeof wines.id = wines.id, tenantId: SQL | typeof wines.tenantId = wines.tenantId) =>
  sql<WineImageVariantRow[] | null>`(
    select json_agg(json_build_object('variant', ${wineImages.variant}, 'width', ${wineImages.width}, 'height', ${wineImages.height},
      'etag', ${wineImages.etag}, 'alt', ${wineImages.altText}))
    from ${wineImages} where ${wineImages.wineId} = ${wineId} and ${wineImages.tenantId} = ${tenantId})`;
