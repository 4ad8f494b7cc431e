import { getCountries, type CountryCode } from 'libphonenumber-js/min';

/**
 * Countries a member may give for an address or a phone number: every country libphonenumber
 * knows (ISO 3166-1 alpha-2). Names come from `Intl.DisplayNames` at the edge, never from here.
 */
export const COUNTRY_CODES: readonly CountryCode[] = getCountries();
const COUNTRY_SET = new Set<string>(COUNTRY_CODES);

export const isCountryCode = (value: string): value is CountryCode => COUNTRY_SET.has(value);

export const US_STATES = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas',
  KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts',
  MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma',
  OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina',
  SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia',
  WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
} as const;

export const CA_PROVINCES = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador', NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut',
  ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
} as const;

export const AU_STATES = {
  ACT: 'Australian Capital Territory', NSW: 'New South Wales', NT: 'Northern Territory',
  QLD: 'Queensland', SA: 'South Australia', TAS: 'Tasmania', VIC: 'Victoria', WA: 'Western Australia',
} as const;

/**
 * Countries whose addresses need a state from a fixed list: wine law, tax and shipping rates
 * there are decided per state. Elsewhere the state is free text and optional.
 */
export const STATES_BY_COUNTRY: Partial<Record<string, Readonly<Record<string, string>>>> = {
  US: US_STATES,
  CA: CA_PROVINCES,
  AU: AU_STATES,
};

export const statesOf = (countryCode: string): Readonly<Record<string, string>> | undefined =>
  STATES_BY_COUNTRY[countryCode];

/** Countries where a phone number has exactly 10 national digits (the North American plan, Mexico). */
export const TEN_DIGIT_PHONE_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA', 'MX']);
