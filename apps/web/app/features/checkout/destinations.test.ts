import { describe, expect, it } from 'vitest';
import { US_STATES, type ShippingDestinationsView } from '@winery/domain';
import { cannotShipMessage, destinationsSentence, isDeliverable, servedStates, statesNotServed } from './destinations';

const allBut = (...left: string[]) => Object.keys(US_STATES).filter((code) => !left.includes(code));

/** The demo winery's tables: every state but Utah, Canada, a few countries abroad; Norway refused. */
const demo: ShippingDestinationsView = {
  countries: [
    { countryCode: 'CA', states: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] },
    { countryCode: 'GB', states: null },
    { countryCode: 'US', states: allBut('UT') },
  ],
  refused: [
    { countryCode: 'US', stateCode: 'UT', name: 'Utah' },
    { countryCode: 'NO', stateCode: null, name: 'Norway' },
  ],
};
const locations = [{ name: 'Aldermoor Cellar Door' }, { name: 'Aldermoor Tasting Room' }];

describe('the sentence before the delivery is typed', () => {
  it('names the countries by name, the state left out, and where to collect instead', () => {
    expect(destinationsSentence(demo, locations)).toBe(
      'We ship to Canada, United Kingdom, and United States (except Utah); elsewhere, collect your wine at Aldermoor Cellar Door or Aldermoor Tasting Room.',
    );
    expect(destinationsSentence(demo, [])).toBe('We ship to Canada, United Kingdom, and United States (except Utah).');
  });

  it('names the few states served rather than the many left out', () => {
    const west: ShippingDestinationsView = { countries: [{ countryCode: 'US', states: ['OR', 'CA', 'WA'] }], refused: [] };
    expect(destinationsSentence(west, locations.slice(0, 1))).toBe(
      'We ship to United States (California, Oregon, and Washington only); elsewhere, collect your wine at Aldermoor Cellar Door.',
    );
    expect(statesNotServed(west, 'US')).toHaveLength(Object.keys(US_STATES).length - 3);
  });

  it('says when nothing can be shipped', () => {
    const none: ShippingDestinationsView = { countries: [], refused: [] };
    expect(destinationsSentence(none, locations)).toBe('We cannot ship wine from this offering; please collect it at Aldermoor Cellar Door or Aldermoor Tasting Room.');
  });
});

describe('saved addresses against the destinations', () => {
  it("says 'Sorry, we cannot ship to {destination}.' with the refused place's name, a state's or a country's", () => {
    expect(cannotShipMessage(demo, { countryCode: 'US', stateCode: 'CA' })).toBeNull();
    expect(cannotShipMessage(demo, { countryCode: 'GB', stateCode: null })).toBeNull();
    expect(cannotShipMessage(demo, { countryCode: 'US', stateCode: 'UT' })).toBe('Sorry, we cannot ship to Utah.');
    expect(cannotShipMessage(demo, { countryCode: 'NO', stateCode: null })).toBe('Sorry, we cannot ship to Norway.');
    expect(cannotShipMessage(demo, { countryCode: 'JP', stateCode: null })).toBe('Sorry, we cannot ship to Japan.');
    const west: ShippingDestinationsView = { countries: [{ countryCode: 'US', states: ['CA'] }], refused: [] };
    expect(cannotShipMessage(west, { countryCode: 'US', stateCode: 'NY' })).toBe('Sorry, we cannot ship to New York.');
    expect(isDeliverable(west, { countryCode: 'US', stateCode: 'ca' })).toBe(true);
  });

  it('gives the states a form may offer: the list served, null for a whole country, undefined where none', () => {
    expect(servedStates(demo, 'us')).not.toContain('UT');
    expect(servedStates(demo, 'GB')).toBeNull();
    expect(servedStates(demo, 'JP')).toBeUndefined();
  });
});
