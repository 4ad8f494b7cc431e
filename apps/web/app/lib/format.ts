// Money and dates are formatted by the domain, so the web app, the API's messages and the mails
// print them alike.
export { formatDate, formatMoney } from '@winery/domain';

const numberFormat = new Intl.NumberFormat('en-US');

/** Thousands separated as the locale expects ("1,120"). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A card's expiry as printed on it: "04/29". */
export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}
