import { isApiError } from '../../lib/api-error';

/** Where a refused order sends the member, so they can put right what the server named. */
export type OrderFailure =
  | { kind: 'soldOut'; message: string }
  | { kind: 'payment'; message: string }
  | { kind: 'closed'; message: string }
  | { kind: 'address'; message: string }
  | { kind: 'billing'; message: string }
  | { kind: 'selection'; message: string }
  | { kind: 'giftMessage'; message: string }
  | { kind: 'other'; message: string };

const PAYMENT_CODES = new Set(['cardDeclined', 'cardUnprocessable', 'declined', 'cardError', 'cardFailed', 'paymentFailed', 'paymentDeclined']);

/**
 * Reads an error answer of `POST …/order` (or of a quote): a sold-out wine goes back to the
 * allocation, a card problem to the payment step, an address problem to its step; a closed
 * offering ends the checkout. `fallback` is used when the server sent no words.
 */
export function classifyOrderError(error: unknown, fallback: string): OrderFailure {
  if (!isApiError(error)) return { kind: 'other', message: fallback };
  const message = error.message || error.errors[0]?.message || fallback;
  const fields = error.errors.map((item) => item.field);
  const codes = error.errors.map((item) => item.code);
  const first = (predicate: (field: string, code: string) => boolean) =>
    error.errors.find((item) => predicate(item.field, item.code))?.message ?? message;

  if (codes.includes('soldOut')) return { kind: 'soldOut', message: first((_, code) => code === 'soldOut') };
  if (codes.includes('offeringClosed') || codes.includes('closed')) return { kind: 'closed', message };
  if (fields.some((field) => field === 'payment' || field.startsWith('payment.')) || codes.some((code) => PAYMENT_CODES.has(code))) {
    return { kind: 'payment', message: first((field, code) => field.startsWith('payment') || PAYMENT_CODES.has(code)) };
  }
  if (fields.some((field) => field.startsWith('delivery'))) {
    return { kind: 'address', message: first((field) => field.startsWith('delivery')) };
  }
  if (fields.includes('billingAddressId')) return { kind: 'billing', message: first((field) => field === 'billingAddressId') };
  if (fields.includes('giftMessage')) return { kind: 'giftMessage', message: first((field) => field === 'giftMessage') };
  if (fields.some((field) => field === 'lines' || field.startsWith('lines.') || field === 'cartId')) {
    return { kind: 'selection', message: first((field) => field === 'lines' || field.startsWith('lines.') || field === 'cartId') };
  }
  // Without field errors: a 409 is the offering (closed) or the stock (sold out), a 402/400 the card.
  if (error.status === 409) return /sold out/i.test(message) ? { kind: 'soldOut', message } : { kind: 'closed', message };
  if (error.status === 402 || /card/i.test(message)) return { kind: 'payment', message };
  return { kind: 'other', message };
}
