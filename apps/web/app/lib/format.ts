const LOCALE = 'en-US';

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: 'UTC' });

/** Dates are stored and compared in UTC, so they are shown in UTC too ("June 30, 2026"). */
export function formatDate(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

const numberFormat = new Intl.NumberFormat(LOCALE);

/** Thousands separated as the locale expects ("1,120"). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
