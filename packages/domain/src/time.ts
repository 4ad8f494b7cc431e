/** Lengths of time in milliseconds, named once for the domain, the API and the web app. */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// Made on first use, so a bundle that only needs the constants (the brochure island) leaves it out.
let longDate: Intl.DateTimeFormat | undefined;

/**
 * "June 30, 2026" for a date, an ISO date ("2026-06-30", read as UTC midnight) or an ISO
 * timestamp. Dates are stored and compared in UTC, so they are shown in UTC too. Null for no
 * value or one that is not a date.
 */
export function formatDate(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  longDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return longDate.format(date);
}
