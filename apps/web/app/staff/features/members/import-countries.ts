import { countryNamed, stateCodeFromName, statesOf } from '@winery/domain';
import { countryName } from '../../../lib/countries';

/**
 * How the import reads a country of the file, by its name as the console shows it ("Österreich" →
 * "Austria", "usa" → "United States"); null when it names no country, which the check step then
 * lists as its line's problem.
 */
export function countryRead(value: string): string | null {
  const code = countryNamed(value);
  return code ? countryName(code) : null;
}

/**
 * How the import reads a state of the file where its country has a list of them (the US, Canada,
 * Australia): by its name ("bc" → "British Columbia", "Quebec" → "Quebec"); null elsewhere, or when
 * the country's list has no such state.
 */
export function stateRead(value: string, country: string | undefined): string | null {
  const countryCode = country ? countryNamed(country) : null;
  if (!countryCode) return null;
  return statesOf(countryCode)?.[stateCodeFromName(value.trim(), countryCode).toUpperCase()] ?? null;
}
