import { COUNTRY_CODES, isCountryCode, STATES_BY_COUNTRY } from './regions.js';

/*
 * Places as a member list from another platform names them (issue 14, item 2): a country by its
 * code, its English name or its name in the languages of the wine countries, a state by its code
 * or its name. The import reads them (the API) and shows how it read them (the console's preview).
 */

/**
 * A name as compared: without case, accents, spaces or punctuation, and "ß" as "ss"
 * ("Côte d’Ivoire" → "cotedivoire", "Straße" → "strasse").
 */
export const comparableName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');

/** Names exports use for a country besides its own. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US',
  unitedstatesofamerica: 'US',
  uk: 'GB',
  greatbritain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  northernireland: 'GB',
  holland: 'NL',
  thenetherlands: 'NL',
  czechrepublic: 'CZ',
  turkey: 'TR',
  hongkong: 'HK',
  macau: 'MO',
  korea: 'KR',
  republicofkorea: 'KR',
  ivorycoast: 'CI',
};

/** The languages, besides English, whose country names a list may use: as its columns' (MEMBER_IMPORT_COLUMNS). */
const COUNTRY_NAME_LANGUAGES = ['fr', 'de', 'es', 'it', 'nl'] as const;

let countryByName: ReadonlyMap<string, string> | null = null;

/**
 * Every country by its English name ("France", "United States", "Türkiye"), by the aliases above,
 * and by its name in the languages above ("Allemagne", "Vereinigte Staaten", "España"). English
 * names come first; a name two of the others give to different countries is left out (read as
 * neither). Made on first use: a page that reads no country pays nothing for it.
 */
function countriesByName(): ReadonlyMap<string, string> {
  if (countryByName) return countryByName;
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const byName = new Map<string, string>([...COUNTRY_CODES.map((code) => [comparableName(english.of(code) ?? code), code] as const), ...Object.entries(COUNTRY_ALIASES)]);
  const others = new Map<string, string | null>();
  for (const language of COUNTRY_NAME_LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    for (const code of COUNTRY_CODES) {
      const key = comparableName(names.of(code) ?? code);
      const known = others.get(key);
      others.set(key, known === undefined || known === code ? code : null);
    }
  }
  for (const [key, code] of others) if (code && !byName.has(key)) byName.set(key, code);
  countryByName = byName;
  return byName;
}

/**
 * A country as the address rules read it: a code in either case ("us"), or a name ("United States
 * of America", "france", "UK", "Österreich"); anything else is given back as it is, for the rules
 * to refuse.
 */
export function countryCodeFromName(value: string): string {
  const key = comparableName(value);
  // "UK" first: two letters, but not the United Kingdom's code (GB).
  if (COUNTRY_ALIASES[key]) return COUNTRY_ALIASES[key];
  if (/^[a-z]{2}$/i.test(value)) return value.toUpperCase();
  return countriesByName().get(key) ?? value;
}

/** The country a value names, or null when it names none ("Atlantis"). */
export function countryNamed(value: string): string | null {
  const code = countryCodeFromName(value.trim());
  return isCountryCode(code) ? code : null;
}

/** A state of a country with a list of them (the US, Canada, Australia), by its code or its name ("California", "Québec"). */
export function stateCodeFromName(value: string, countryCode: string): string {
  const states = STATES_BY_COUNTRY[countryCode];
  if (!states || value.toUpperCase() in states) return value;
  const key = comparableName(value);
  return Object.entries(states).find(([, name]) => comparableName(name) === key)?.[0] ?? value;
}
