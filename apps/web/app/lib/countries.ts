import { COUNTRY_CODES, statesOf } from '@winery/domain';

const LOCALE = 'en-US';
const regionNames = new Intl.DisplayNames([LOCALE], { type: 'region', fallback: 'code' });

/** A country's name in the member's language ("United States"); the domain keeps only codes. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A state's name from its country's list ("Utah"), or the code as given where the country has none. */
export function stateName(countryCode: string, stateCode: string): string {
  return statesOf(countryCode)?.[stateCode.toUpperCase()] ?? stateCode;
}

export interface CountryOption {
  code: string;
  name: string;
}

let options: CountryOption[] | null = null;

const byName = (a: CountryOption, b: CountryOption) => a.name.localeCompare(b.name, LOCALE);

/**
 * Every country a member may choose, sorted by name as the member reads it; only those of `codes`
 * when given (checkout's shipping destinations).
 */
export function countryOptions(codes?: readonly string[]): CountryOption[] {
  options ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort(byName);
  if (!codes) return options;
  const wanted = new Set(codes.map((code) => code.toUpperCase()));
  return options.filter((option) => wanted.has(option.code));
}

const lists = {
  and: new Intl.ListFormat(LOCALE, { type: 'conjunction' }),
  or: new Intl.ListFormat(LOCALE, { type: 'disjunction' }),
};

/** Names joined as a sentence says them: "A, B, and C" or "A or B". */
export const formatList = (names: readonly string[], kind: 'and' | 'or' = 'and'): string => lists[kind].format(names);
