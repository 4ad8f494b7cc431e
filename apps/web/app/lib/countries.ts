import { COUNTRY_CODES } from '@winery/domain';

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

export interface CountryOption {
  code: string;
  name: string;
}

let options: CountryOption[] | null = null;

/** Every country a member may choose, sorted by name as the member reads it. */
export function countryOptions(): CountryOption[] {
  options ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, LOCALE),
  );
  return options;
}
