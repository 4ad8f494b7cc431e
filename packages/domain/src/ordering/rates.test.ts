import { describe, expect, it } from 'vitest';
import { applyRate, formatMoney } from './money.js';
import { canShipTo, computeTotals, destinationRefusal, findShippingRate, MAX_ORDER_TOTAL_CENTS, shippingDestinations, type RateTables } from './rates.js';
import { US_STATES } from '../geo/regions.js';

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

describe('shippingDestinations', () => {
  it('lists the countries with a shipping rate, and where a country has states, the states served', () => {
    const destinations = shippingDestinations(tables);
    expect(destinations.countries.map((country) => country.countryCode)).toEqual(['GB', 'US']);
    expect(destinations.countries[0]).toEqual({ countryCode: 'GB', states: null });
    const us = destinations.countries[1]!;
    // Every state but Utah, which cannot receive wine; DC is on the list too.
    expect(us.states).toHaveLength(Object.keys(US_STATES).length - 1);
    expect(us.states).not.toContain('UT');
    expect(us.states).toContain('DC');
    expect(destinations.refused).toEqual([{ countryCode: 'US', stateCode: 'UT', name: 'Utah' }]);
  });

  it('leaves out a destination with a shipping rate but no tax rate, and a country refused whole', () => {
    const more: RateTables = {
      taxRates: [...tables.taxRates, { countryCode: 'ca', stateCode: 'BC', rateBasisPoints: 500, includesDuties: true }],
      shippingRates: [
        ...tables.shippingRates,
        // Canada: a rate for the whole country, but tax only for British Columbia.
        { countryCode: 'CA', stateCode: null, minBottles: 1, maxBottles: null, priceCents: 9_000, includesDuties: true },
        // Japan: shipping, but no tax rate, so it cannot be quoted.
        { countryCode: 'JP', stateCode: null, minBottles: 1, maxBottles: null, priceCents: 20_000, includesDuties: true },
        { countryCode: 'NO', stateCode: null, minBottles: 1, maxBottles: null, priceCents: 20_000, includesDuties: true },
      ],
      restrictions: [...tables.restrictions, { countryCode: 'NO', stateCode: null, name: 'Norway' }],
    };
    const destinations = shippingDestinations({
      ...more,
      taxRates: [...more.taxRates, { countryCode: 'NO', stateCode: null, rateBasisPoints: 2_500, includesDuties: true }],
    });
    expect(destinations.countries.map((country) => country.countryCode)).toEqual(['CA', 'GB', 'US']);
    expect(destinations.countries[0]).toEqual({ countryCode: 'CA', states: ['BC'] });
    expect(canShipTo(more, { countryCode: 'JP' })).toBe(false);
    expect(canShipTo(more, { countryCode: 'CA', stateCode: 'on' })).toBe(false);
    expect(canShipTo(more, { countryCode: 'CA', stateCode: 'bc' })).toBe(true);
  });

  it('says why an address cannot be shipped to: the refused place by name, or nothing served there', () => {
    const destinations = shippingDestinations(tables);
    expect(destinationRefusal(destinations, { countryCode: 'US', stateCode: 'CA' })).toBeNull();
    expect(destinationRefusal(destinations, { countryCode: 'gb' })).toBeNull();
    expect(destinationRefusal(destinations, { countryCode: 'US', stateCode: 'ut' })).toEqual({ name: 'Utah' });
    expect(destinationRefusal(destinations, { countryCode: 'JP', stateCode: null })).toEqual({ name: null });
    expect(destinationRefusal(destinations, { countryCode: 'US', stateCode: null })).toEqual({ name: null });
  });

  it('agrees with computeTotals: every destination it lists can be quoted, a refused one cannot', () => {
    const destinations = shippingDestinations(tables);
    for (const country of destinations.countries) {
      for (const stateCode of country.states ?? [null]) {
        const result = computeTotals({ subtotalCents: 10_000, bottles: 3, delivery: { method: 'shipping', destination: { countryCode: country.countryCode, stateCode } }, tables });
        expect(result.ok, `${country.countryCode} ${stateCode ?? ''}`).toBe(true);
      }
    }
    expect(computeTotals({ subtotalCents: 10_000, bottles: 3, delivery: { method: 'shipping', destination: { countryCode: 'US', stateCode: 'UT' } }, tables }).ok).toBe(false);
  });
});
