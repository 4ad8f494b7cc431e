import type { Address } from '@winery/domain';
import { countryName } from '../../lib/countries';
import { i18n } from '../../lib/i18n';

/**
 * An address as it is written on an envelope, one line per entry: who receives there when it is
 * not the member, the street, the locality, the country, then the carrier's phone.
 */
export function addressLines(address: Address): string[] {
  const locality = [address.city, [address.stateCode, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    address.recipientName ?? '',
    address.address1,
    address.address2 ?? '',
    locality,
    countryName(address.countryCode),
    address.phone ? i18n.t('addresses.phoneLine', { phone: address.phone }) : '',
  ].filter(Boolean);
}

/** The postal lines on one line, for a sentence ("… will be removed"); the phone is left out. */
export const addressSummary = (address: Address): string => addressLines({ ...address, phone: null }).join(', ');
