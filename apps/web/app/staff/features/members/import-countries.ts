import { countryNamed } from '@winery/domain';
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
