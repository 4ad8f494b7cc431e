import { statesOf } from '../geo/regions.js';
import { applyRate } from './money.js';

/**
 * Tax and shipping rate tables (PRODUCT.md "Tax and shipping"). A row for a state wins over its
 * country's row; a country row has `stateCode` null.
 */
export interface Destination {
  countryCode: string;
  stateCode?: string | null;
}

export interface TaxRate extends Destination {
  rateBasisPoints: number;
  /** Abroad the charge includes import duties and is labelled "Tax and duties". */
  includesDuties: boolean;
}

export interface ShippingRate extends Destination {
  /** Bottle-count band, inclusive. */
  minBottles: number;
  maxBottles: number | null;
  priceCents: number;
  includesDuties: boolean;
}

export interface ShippingRestriction extends Destination {
  /** How the destination is named in 'Sorry, we cannot ship to {destination}.' */
  name: string;
}

const sameState = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toUpperCase() === (b ?? '').toUpperCase();

function mostSpecific<T extends Destination>(rows: readonly T[], to: Destination): T[] {
  const country = rows.filter((row) => row.countryCode.toUpperCase() === to.countryCode.toUpperCase());
  const state = country.filter((row) => row.stateCode && sameState(row.stateCode, to.stateCode));
  return state.length > 0 ? state : country.filter((row) => !row.stateCode);
}

/** The restriction that forbids shipping wine to a destination, if any (state or whole country). */
export function findRestriction(restrictions: readonly ShippingRestriction[], to: Destination): ShippingRestriction | undefined {
  return restrictions.find(
    (row) =>
      row.countryCode.toUpperCase() === to.countryCode.toUpperCase() && (!row.stateCode || sameState(row.stateCode, to.stateCode)),
  );
}

export function findTaxRate(rates: readonly TaxRate[], to: Destination): TaxRate | undefined {
  return mostSpecific(rates, to)[0];
}

export function findShippingRate(rates: readonly ShippingRate[], to: Destination, bottles: number): ShippingRate | undefined {
  return mostSpecific(rates, to).find((row) => bottles >= row.minBottles && (row.maxBottles === null || bottles <= row.maxBottles));
}

/**
 * Whether the tables can serve a destination: it is not refused, a shipping rate (of any bottle
 * band) reaches it, and a tax rate does, since computeTotals quotes neither without both.
 */
export function canShipTo(tables: RateTables, to: Destination): boolean {
  return (
    !findRestriction(tables.restrictions, to) &&
    mostSpecific(tables.shippingRates, to).length > 0 &&
    findTaxRate(tables.taxRates, to) !== undefined
  );
}

/** A country the winery ships to; where the country has a list of states, the states it serves. */
export interface ServedCountry {
  countryCode: string;
  /** State codes served, in the list's order; null where the country has no list (the whole country). */
  states: string[] | null;
}

/** Where wine can go, read from the rate tables before the member types an address. */
export interface ShippingDestinations {
  countries: ServedCountry[];
  /** The places that cannot receive wine, by the name 'Sorry, we cannot ship to {destination}.' uses. */
  refused: Array<{ countryCode: string; stateCode: string | null; name: string }>;
}

/**
 * Every destination the tables can serve (canShipTo): each country that has a shipping rate,
 * with, where the country has a list of states, the states of that list that can be served. A
 * country none of whose states can be served is left out. Country codes upper case, sorted.
 */
export function shippingDestinations(tables: RateTables): ShippingDestinations {
  const codes = [...new Set(tables.shippingRates.map((row) => row.countryCode.toUpperCase()))].sort();
  const countries: ServedCountry[] = [];
  for (const countryCode of codes) {
    const list = statesOf(countryCode);
    if (list) {
      const states = Object.keys(list).filter((stateCode) => canShipTo(tables, { countryCode, stateCode }));
      if (states.length > 0) countries.push({ countryCode, states });
    } else if (canShipTo(tables, { countryCode })) {
      countries.push({ countryCode, states: null });
    }
  }
  const refused = tables.restrictions.map((row) => ({
    countryCode: row.countryCode.toUpperCase(),
    stateCode: row.stateCode ? row.stateCode.toUpperCase() : null,
    name: row.name,
  }));
  return { countries, refused };
}

/**
 * Why an address cannot be shipped to, or null when it can: `name` is the refused place's name
 * when a restriction says so ("Utah"), else null (the caller names the country or state).
 */
export function destinationRefusal(destinations: ShippingDestinations, to: Destination): { name: string | null } | null {
  const countryCode = to.countryCode.toUpperCase();
  const restriction = findRestriction(destinations.refused, { countryCode, stateCode: to.stateCode ?? null });
  if (restriction) return { name: restriction.name };
  const country = destinations.countries.find((item) => item.countryCode === countryCode);
  if (!country) return { name: null };
  if (country.states && !country.states.includes((to.stateCode ?? '').toUpperCase())) return { name: null };
  return null;
}

export type Delivery =
  | { method: 'shipping'; destination: Destination }
  | { method: 'pickup'; locationId: string; taxDestination: Destination };

export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** Which words the summary uses: "Shipping" or "Shipping and duties", "Sales tax" or "Tax and duties". */
  shippingLabel: 'shipping' | 'shippingAndDuties';
  taxLabel: 'salesTax' | 'taxAndDuties';
}

export type TotalsResult =
  | { ok: true; totals: OrderTotals }
  | { ok: false; code: 'cannotShip'; destination: string }
  | { ok: false; code: 'noRate'; destination: Destination }
  | { ok: false; code: 'tooLarge'; maxCents: number };

/**
 * The largest order total taken in one order: a million dollars. Far above any allocation, and
 * every amount of an order (stored as PostgreSQL int4 cents) stays well inside its range.
 */
export const MAX_ORDER_TOTAL_CENTS = 100_000_000;

export interface RateTables {
  taxRates: readonly TaxRate[];
  shippingRates: readonly ShippingRate[];
  restrictions: readonly ShippingRestriction[];
}

/**
 * The order summary (seed §3): subtotal, shipping (free at pick-up), tax on the subtotal at the
 * destination's rate (or the pick-up location's), total. A destination without a rate cannot be
 * quoted: better to refuse than to charge a wrong amount.
 */
export function computeTotals(input: { subtotalCents: number; bottles: number; delivery: Delivery; tables: RateTables }): TotalsResult {
  const { subtotalCents, bottles, delivery, tables } = input;
  const taxDestination = delivery.method === 'shipping' ? delivery.destination : delivery.taxDestination;
  let shippingCents = 0;
  let shippingDuties = false;
  if (delivery.method === 'shipping') {
    const restriction = findRestriction(tables.restrictions, delivery.destination);
    if (restriction) return { ok: false, code: 'cannotShip', destination: restriction.name };
    const shipping = findShippingRate(tables.shippingRates, delivery.destination, bottles);
    if (!shipping) return { ok: false, code: 'noRate', destination: delivery.destination };
    shippingCents = shipping.priceCents;
    shippingDuties = shipping.includesDuties;
  }
  const tax = findTaxRate(tables.taxRates, taxDestination);
  if (!tax) return { ok: false, code: 'noRate', destination: taxDestination };
  const taxCents = applyRate(subtotalCents, tax.rateBasisPoints);
  const totalCents = subtotalCents + shippingCents + taxCents;
  if (totalCents > MAX_ORDER_TOTAL_CENTS) return { ok: false, code: 'tooLarge', maxCents: MAX_ORDER_TOTAL_CENTS };
  return {
    ok: true,
    totals: {
      subtotalCents,
      shippingCents,
      taxCents,
      totalCents,
      shippingLabel: shippingDuties ? 'shippingAndDuties' : 'shipping',
      taxLabel: tax.includesDuties ? 'taxAndDuties' : 'salesTax',
    },
  };
}
