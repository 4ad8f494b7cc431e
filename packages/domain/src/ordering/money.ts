/** Money is integer cents everywhere (STYLE.md); these are the only arithmetic helpers. */

export type Cents = number;

/** Rate in basis points (1/100 of a percent: 725 = 7.25 %) applied to cents, rounded half up. */
export function applyRate(amountCents: Cents, rateBasisPoints: number): Cents {
  return Math.floor((amountCents * rateBasisPoints + 5_000) / 10_000);
}

/** Formats cents for display, e.g. 12345 → "$123.45" (en-US, USD unless told otherwise). */
export function formatMoney(cents: Cents, currency = 'USD', locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
