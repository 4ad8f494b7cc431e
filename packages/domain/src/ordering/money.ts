/** Money is integer cents everywhere (STYLE.md); these are the only arithmetic helpers. */

export type Cents = number;

/** Rate in basis points (1/100 of a percent: 725 = 7.25 %) applied to cents, rounded half up. */
export function applyRate(amountCents: Cents, rateBasisPoints: number): Cents {
  return Math.floor((amountCents * rateBasisPoints + 5_000) / 10_000);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one money formatter of the product (API messages, mails and the web app): cents become
 * "$1,120.00" only here, at the edge. en-US and USD unless told otherwise.
 */
export function formatMoney(cents: Cents, currency = 'USD', locale = 'en-US'): string {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}
