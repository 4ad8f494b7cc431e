import type { Database } from '../db/database.js';
import { shippingNotices, shippingRates, shippingRestrictions, taxRates } from '../db/schema/index.js';

/**
 * State sales tax in basis points (725 = 7.25 %): each state's own rate, without county and city
 * taxes, which a producer adds per destination as it needs them.
 */
const US_STATE_TAX: Record<string, number> = {
  AL: 400, AK: 0, AZ: 560, AR: 650, CA: 725, CO: 290, CT: 635, DE: 0, DC: 600, FL: 600, GA: 400,
  HI: 400, ID: 600, IL: 625, IN: 700, IA: 600, KS: 650, KY: 600, LA: 500, ME: 550, MD: 600,
  MA: 625, MI: 600, MN: 688, MS: 700, MO: 423, MT: 0, NE: 550, NV: 685, NH: 0, NJ: 663, NM: 488,
  NY: 400, NC: 475, ND: 500, OH: 575, OK: 450, OR: 0, PA: 600, RI: 700, SC: 600, SD: 420, TN: 700,
  TX: 625, UT: 610, VT: 600, VA: 530, WA: 650, WV: 600, WI: 500, WY: 400,
};

/** Abroad the charge at purchase includes import duties ("Tax and duties", "Shipping and duties"). */
const ABROAD = [
  // Canada: the carrier collects shipping, duties and taxes on delivery, so nothing is charged here.
  { countryCode: 'CA', taxBasisPoints: 0, bands: [0, 0, 0] },
  { countryCode: 'GB', taxBasisPoints: 2_000, bands: [16_000, 24_000, 32_000] },
  { countryCode: 'DE', taxBasisPoints: 1_900, bands: [18_000, 27_000, 36_000] },
  { countryCode: 'FR', taxBasisPoints: 2_000, bands: [18_000, 27_000, 36_000] },
  { countryCode: 'NL', taxBasisPoints: 2_100, bands: [18_000, 27_000, 36_000] },
  { countryCode: 'DK', taxBasisPoints: 2_500, bands: [19_500, 29_000, 39_000] },
] as const;

/** Bottle bands for every destination: 1–6, 7–12, 13 and more. */
const BANDS = [
  { minBottles: 1, maxBottles: 6 },
  { minBottles: 7, maxBottles: 12 },
  { minBottles: 13, maxBottles: null },
] as const;
const US_SHIPPING = [5_000, 7_500, 9_500] as const;
/** Alaska and Hawaii go by air. */
const US_AIR_SHIPPING = { states: ['AK', 'HI'], bands: [9_500, 14_500, 19_500] } as const;

const RESTRICTIONS = [
  { countryCode: 'US', stateCode: 'UT', name: 'Utah' },
  { countryCode: 'NO', stateCode: null, name: 'Norway' },
] as const;

const NOTICES = [
  { countryCode: 'CA', text: 'Shipping charges for Canada are collected by the carrier on delivery.' },
  { countryCode: 'GB', text: 'Shipping charges and duties for the United Kingdom are collected at purchase.' },
  { countryCode: 'DE', text: 'Shipments to Germany are delayed until spring, when the weather is cool enough for the wines to travel.' },
] as const;

/**
 * Sales tax for every US state and DC; shipping by bottle band in the US (by air to Alaska and
 * Hawaii), Canada, the UK and a few EU countries, duties included abroad; Utah and Norway cannot
 * receive wine. The rows the seed stores; the demo's orders are priced from them (domain computeTotals).
 */
export function demoRateTables(tenantId: string) {
  const bands = (countryCode: string, stateCode: string | null, prices: readonly number[], includesDuties: boolean) =>
    BANDS.map((band, index) => ({ tenantId, countryCode, stateCode, ...band, priceCents: prices[index]!, includesDuties }));
  return {
    taxRates: [
      ...Object.entries(US_STATE_TAX).map(([stateCode, rateBasisPoints]) => ({ tenantId, countryCode: 'US', stateCode, rateBasisPoints, includesDuties: false })),
      ...ABROAD.map((country) => ({ tenantId, countryCode: country.countryCode, stateCode: null, rateBasisPoints: country.taxBasisPoints, includesDuties: true })),
    ],
    shippingRates: [
      ...bands('US', null, US_SHIPPING, false),
      ...US_AIR_SHIPPING.states.flatMap((state) => bands('US', state, US_AIR_SHIPPING.bands, false)),
      ...ABROAD.flatMap((country) => bands(country.countryCode, null, country.bands, true)),
    ],
    restrictions: RESTRICTIONS.map((row) => ({ ...row, tenantId })),
  };
}

/** The rate tables above, and notices for Canada, the UK and Germany. */
export async function seedRateTables(tx: Database, tenantId: string) {
  const tables = demoRateTables(tenantId);
  await tx.insert(taxRates).values(tables.taxRates);
  await tx.insert(shippingRates).values(tables.shippingRates);
  await tx.insert(shippingRestrictions).values(tables.restrictions);
  await tx.insert(shippingNotices).values(NOTICES.map((row) => ({ ...row, tenantId })));
}
