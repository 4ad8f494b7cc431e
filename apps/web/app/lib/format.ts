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

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money is integer cents everywhere; only here does it become "$1,120.00". */
export function formatMoney(cents: number, currency = 'USD'): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(cents / 100);
}

/** A card's expiry as printed on it: "04/29". */
export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}
