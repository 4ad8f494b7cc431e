import { describe, expect, it } from 'vitest';
import { applyRate, formatMoney } from './money.js';
import { computeTotals, findShippingRate, MAX_ORDER_TOTAL_CENTS, type RateTables } from './rates.js';

const tables: RateTables = {
  taxRates: [
    { countryCode: 'US', stateCode: null, rateBasisPoints: 600, includesDuties: false },
    { countryCode: 'US', stateCode: 'CA', rateBasisPoints: 725, includesDuties: false },
    { countryCode: 'GB', stateCode: null, rateBasisPoints: 2_000, includesDuties: true },
  ],
  shippingRates: [
    { countryCode: 'US', stateCode: null, minBottles: 1, maxBottles: 6, priceCents: 4_500, includesDuties: false },
    { countryCode: 'US', stateCode: null, minBottles: 7, maxBottles: null, priceCents: 7_500, includesDuties: false },
    { countryCode: 'GB', stateCode: null, minBottles: 1, maxBottles: null, priceCents: 18_000, includesDuties: true },
  ],
  restrictions: [{ countryCode: 'US', stateCode: 'UT', name: 'Utah' }],
};

describe('money', () => {
  it('rounds a rate half up on whole cents', () => {
    expect(applyRate(10_000, 725)).toBe(725);
    expect(applyRate(1_234, 725)).toBe(89); // 89.465
    expect(applyRate(1_000, 5)).toBe(1); // 0.5 → 1
    expect(applyRate(999, 5)).toBe(0); // 0.4995 → 0
    expect(formatMoney(127_000)).toBe('$1,270.00');
  });
});

describe('computeTotals', () => {
  it('ships to a state at its own tax rate, the band set by bottles', () => {
    const result = computeTotals({
      subtotalCents: 127_000,
      bottles: 6,
      delivery: { method: 'shipping', destination: { countryCode: 'US', stateCode: 'CA' } },
      tables,
    });
    expect(result).toEqual({
      ok: true,
      totals: { subtotalCents: 127_000, shippingCents: 4_500, taxCents: 9_208, totalCents: 140_708, shippingLabel: 'shipping', taxLabel: 'salesTax' },
    });
  });

  it('falls back to the country rate and changes band at the seventh bottle', () => {
    expect(findShippingRate(tables.shippingRates, { countryCode: 'US', stateCode: 'NY' }, 7)?.priceCents).toBe(7_500);
    const result = computeTotals({
      subtotalCents: 10_000,
      bottles: 7,
      delivery: { method: 'shipping', destination: { countryCode: 'US', stateCode: 'NY' } },
      tables,
    });
    expect(result.ok && result.totals).toMatchObject({ shippingCents: 7_500, taxCents: 600, totalCents: 18_100 });
  });

  it('takes a total of exactly the maximum and refuses one cent more (amounts stay inside int4 cents)', () => {
    const pickup = { method: 'pickup', locationId: 'cellar', taxDestination: { countryCode: 'US', stateCode: 'NY' } } as const;
    const noTax: RateTables = { ...tables, taxRates: [{ countryCode: 'US', stateCode: null, rateBasisPoints: 0, includesDuties: false }] };
    const at = computeTotals({ subtotalCents: MAX_ORDER_TOTAL_CENTS, bottles: 1, delivery: pickup, tables: noTax });
    expect(at.ok && at.totals.totalCents).toBe(MAX_ORDER_TOTAL_CENTS);
    expect(computeTotals({ subtotalCents: MAX_ORDER_TOTAL_CENTS + 1, bottles: 1, delivery: pickup, tables: noTax })).toEqual({
      ok: false,
      code: 'tooLarge',
      maxCents: MAX_ORDER_TOTAL_CENTS,
    });
    expect(MAX_ORDER_TOTAL_CENTS).toBeLessThan(2 ** 31 - 1);
  });

  it('labels charges abroad as shipping and duties, tax and duties', () => {
    const result = computeTotals({ subtotalCents: 10_000, bottles: 2, delivery: { method: 'shipping', destination: { countryCode: 'GB' } }, tables });
    expect(result.ok && result.totals).toMatchObject({ shippingLabel: 'shippingAndDuties', taxLabel: 'taxAndDuties', taxCents: 2_000 });
  });

  it('refuses destinations that cannot receive wine, by name', () => {
    expect(
      computeTotals({ subtotalCents: 10_000, bottles: 2, delivery: { method: 'shipping', destination: { countryCode: 'US', stateCode: 'ut' } }, tables }),
    ).toEqual({ ok: false, code: 'cannotShip', destination: 'Utah' });
  });

  it('charges no shipping at pick-up, and the location’s tax', () => {
    const result = computeTotals({
      subtotalCents: 10_000,
      bottles: 2,
      delivery: { method: 'pickup', locationId: 'cellar', taxDestination: { countryCode: 'US', stateCode: 'CA' } },
      tables,
    });
    expect(result.ok && result.totals).toMatchObject({ shippingCents: 0, taxCents: 725, totalCents: 10_725 });
  });

  it('will not quote a destination without rates', () => {
    expect(computeTotals({ subtotalCents: 1, bottles: 1, delivery: { method: 'shipping', destination: { countryCode: 'JP' } }, tables })).toMatchObject({
      ok: false,
      code: 'noRate',
    });
  });
});
