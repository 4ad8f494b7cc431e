import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { RateTables, ShippingRate, ShippingRestriction, TaxRate } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { addresses, inventoryLocations, shippingNotices, shippingRates, shippingRestrictions, taxRates } from '../../db/schema/index.js';

export type AddressRow = typeof addresses.$inferSelect;
export type LocationRow = typeof inventoryLocations.$inferSelect;

/** Rate tables are entered by staff: country codes are compared without regard to case. */
const sameCountry = (column: AnyColumn, countryCode: string) => sql`upper(${column}) = ${countryCode.toUpperCase()}`;

/** One row of the three rate tables read as one (the columns a kind does not have are null). */
export interface RateRow {
  kind: 'tax' | 'shipping' | 'restriction';
  countryCode: string;
  stateCode: string | null;
  rateBasisPoints: number | null;
  minBottles: number | null;
  maxBottles: number | null;
  priceCents: number | null;
  includesDuties: boolean | null;
  name: string | null;
}

/** The rate tables from their rows: here, and in the context order placement reads (ADR 026). */
export function toRateTables(rows: readonly RateRow[]): RateTables {
  const taxes: TaxRate[] = [];
  const shipping: ShippingRate[] = [];
  const restrictions: ShippingRestriction[] = [];
  for (const row of rows) {
    const place = { countryCode: row.countryCode, stateCode: row.stateCode };
    if (row.kind === 'tax') {
      taxes.push({ ...place, rateBasisPoints: Number(row.rateBasisPoints), includesDuties: Boolean(row.includesDuties) });
    } else if (row.kind === 'shipping') {
      shipping.push({
        ...place,
        minBottles: Number(row.minBottles),
        maxBottles: row.maxBottles === null ? null : Number(row.maxBottles),
        priceCents: Number(row.priceCents),
        includesDuties: Boolean(row.includesDuties),
      });
    } else {
      restrictions.push({ ...place, name: row.name ?? '' });
    }
  }
  // Bands in order, so the first that fits is the narrowest.
  shipping.sort((a, b) => a.minBottles - b.minBottles);
  return { taxRates: taxes, shippingRates: shipping, restrictions };
}

/** What checkout reads besides the cart: addresses, the inventory locations and the rate tables. */
export function createPricingRepository(db: Database) {
  return {
    /** Any member's address of this tenant: the caller checks whose it is. */
    async findAddress(tenantId: string, id: string): Promise<AddressRow | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.tenantId, tenantId), eq(addresses.id, id)))
        .limit(1);
      return row;
    },

    async findLocation(tenantId: string, id: string): Promise<LocationRow | undefined> {
      const [row] = await db
        .select()
        .from(inventoryLocations)
        .where(and(eq(inventoryLocations.tenantId, tenantId), eq(inventoryLocations.id, id)))
        .limit(1);
      return row;
    },

    /** Where shipped orders are taken from: the first location marked ships_from. */
    async shipsFromLocation(tenantId: string): Promise<LocationRow | undefined> {
      const [row] = await db
        .select()
        .from(inventoryLocations)
        .where(and(eq(inventoryLocations.tenantId, tenantId), eq(inventoryLocations.shipsFrom, true)))
        .orderBy(asc(inventoryLocations.sortOrder), asc(inventoryLocations.id))
        .limit(1);
      return row;
    },

    /**
     * The rows of one destination country (every country when none is named: the destinations
     * answer); the domain picks the state's row over the country's. One round trip for the three
     * tables: an order reads them on every placement.
     */
    async rateTables(tenantId: string, countryCode?: string): Promise<RateTables> {
      const inCountry = (column: AnyColumn) => (countryCode === undefined ? undefined : sameCountry(column, countryCode));
      const none = { int: sql<number | null>`null::int`, bool: sql<boolean | null>`null::boolean`, text: sql<string | null>`null::text` };
      const rows = await db
        .select({
          kind: sql<'tax' | 'shipping' | 'restriction'>`'tax'`.as('kind'),
          countryCode: taxRates.countryCode,
          stateCode: taxRates.stateCode,
          rateBasisPoints: sql<number | null>`${taxRates.rateBasisPoints}`.as('rate_basis_points'),
          minBottles: none.int.as('min_bottles'),
          maxBottles: none.int.as('max_bottles'),
          priceCents: none.int.as('price_cents'),
          includesDuties: sql<boolean | null>`${taxRates.includesDuties}`.as('includes_duties'),
          name: none.text.as('name'),
        })
        .from(taxRates)
        .where(and(eq(taxRates.tenantId, tenantId), inCountry(taxRates.countryCode)))
        .unionAll(
          db
            .select({
              kind: sql<'tax' | 'shipping' | 'restriction'>`'shipping'`.as('kind'),
              countryCode: shippingRates.countryCode,
              stateCode: shippingRates.stateCode,
              rateBasisPoints: none.int.as('rate_basis_points'),
              minBottles: sql<number | null>`${shippingRates.minBottles}`.as('min_bottles'),
              maxBottles: sql<number | null>`${shippingRates.maxBottles}`.as('max_bottles'),
              priceCents: sql<number | null>`${shippingRates.priceCents}`.as('price_cents'),
              includesDuties: sql<boolean | null>`${shippingRates.includesDuties}`.as('includes_duties'),
              name: none.text.as('name'),
            })
            .from(shippingRates)
            .where(and(eq(shippingRates.tenantId, tenantId), inCountry(shippingRates.countryCode))),
        )
        .unionAll(
          db
            .select({
              kind: sql<'tax' | 'shipping' | 'restriction'>`'restriction'`.as('kind'),
              countryCode: shippingRestrictions.countryCode,
              stateCode: shippingRestrictions.stateCode,
              rateBasisPoints: none.int.as('rate_basis_points'),
              minBottles: none.int.as('min_bottles'),
              maxBottles: none.int.as('max_bottles'),
              priceCents: none.int.as('price_cents'),
              includesDuties: none.bool.as('includes_duties'),
              name: sql<string | null>`${shippingRestrictions.name}`.as('name'),
            })
            .from(shippingRestrictions)
            .where(and(eq(shippingRestrictions.tenantId, tenantId), inCountry(shippingRestrictions.countryCode))),
        );
      return toRateTables(rows);
    },

    async shippingNotice(tenantId: string, countryCode: string): Promise<string | null> {
      const [row] = await db
        .select({ text: shippingNotices.text })
        .from(shippingNotices)
        .where(and(eq(shippingNotices.tenantId, tenantId), sameCountry(shippingNotices.countryCode, countryCode)))
        .limit(1);
      return row?.text ?? null;
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
