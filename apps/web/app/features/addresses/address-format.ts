import type { Address } from '@winery/domain';
import { countryName } from '../../lib/countries';

/** An address as it is written on an envelope, one line per entry. */
export function addressLines(address: Address): string[] {
  const locality = [address.city, [address.stateCode, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.address1, address.address2 ?? '', locality, countryName(address.countryCode)].filter(Boolean);
}

/** The same on one line, for a sentence ("… will be removed"). */
export const addressSummary = (address: Address): string => addressLines(address).join(', ');
