import { destinationRefusal, statesOf, type Address, type PickupLocation, type ShippingDestinationsView } from '@winery/domain';
import { countryName, formatList, stateName } from '../../lib/countries';
import { i18n } from '../../lib/i18n';

/**
 * Checkout's reading of where the winery ships (GET …/destinations): which countries and states
 * the forms offer, which saved addresses can be chosen, and the sentence that says so before the
 * member types anything.
 */

/** The states served in a country with a list of states; null where the country has no list; undefined: not served. */
export function servedStates(destinations: ShippingDestinationsView, countryCode: string): readonly string[] | null | undefined {
  const country = destinations.countries.find((item) => item.countryCode === countryCode.toUpperCase());
  return country ? country.states : undefined;
}

/** 'Sorry, we cannot ship to {destination}.' for an address outside the destinations; null when it can be shipped to. */
export function cannotShipMessage(destinations: ShippingDestinationsView, address: Pick<Address, 'countryCode' | 'stateCode'>): string | null {
  const refusal = destinationRefusal(destinations, address);
  if (!refusal) return null;
  const served = servedStates(destinations, address.countryCode);
  const destination =
    refusal.name ??
    (served && address.stateCode && statesOf(address.countryCode) ? stateName(address.countryCode, address.stateCode) : countryName(address.countryCode));
  return i18n.t('checkout.destinations.cannotShip', { destination });
}

export const isDeliverable = (destinations: ShippingDestinationsView, address: Pick<Address, 'countryCode' | 'stateCode'>): boolean =>
  destinationRefusal(destinations, address) === null;

/** The states of a served country it does not ship to, by name ("Utah"); none where it has no list. */
export function statesNotServed(destinations: ShippingDestinationsView, countryCode: string): string[] {
  const served = servedStates(destinations, countryCode);
  const list = statesOf(countryCode);
  if (!served || !list) return [];
  const refusedName = (code: string) =>
    destinations.refused.find((row) => row.countryCode === countryCode && row.stateCode === code)?.name ?? stateName(countryCode, code);
  return Object.keys(list)
    .filter((code) => !served.includes(code))
    .map(refusedName);
}

/** One country as the sentence names it: "Canada", "United States (except Utah)", "Australia (Victoria only)". */
function countryPhrase(destinations: ShippingDestinationsView, countryCode: string): string {
  const name = countryName(countryCode);
  const served = servedStates(destinations, countryCode);
  const missing = statesNotServed(destinations, countryCode);
  if (!served || missing.length === 0) return name;
  // Whichever list is shorter: the few states left out, or the few served.
  if (missing.length <= served.length) return i18n.t('checkout.destinations.except', { country: name, states: formatList(missing) });
  return i18n.t('checkout.destinations.only', { country: name, states: formatList(served.map((code) => stateName(countryCode, code)).sort()) });
}

/**
 * What the delivery step says before any address is typed: "We ship to Canada, …, and United
 * States (except Utah); elsewhere, collect your wine at Cellar Door or Tasting Room."
 */
export function destinationsSentence(destinations: ShippingDestinationsView, locations: readonly Pick<PickupLocation, 'name'>[]): string {
  const places = destinations.countries
    .map((country) => ({ code: country.countryCode, name: countryName(country.countryCode) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'))
    .map((country) => countryPhrase(destinations, country.code));
  const pickup = formatList(locations.map((location) => location.name), 'or');
  if (places.length === 0) return locations.length > 0 ? i18n.t('checkout.destinations.pickUpOnly', { locations: pickup }) : i18n.t('checkout.destinations.nowhere');
  const shipTo = formatList(places);
  return locations.length > 0
    ? i18n.t('checkout.destinations.shipOrPickUp', { places: shipTo, locations: pickup })
    : i18n.t('checkout.destinations.shipTo', { places: shipTo });
}
