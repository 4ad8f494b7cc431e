import { trackingUrl, type Order } from '@winery/domain';
import type { MailTemplate } from '../mail/templates/mail-templates.js';
import type { OrderCharge } from '../mail/templates/order.templates.js';
import { addressLines, type AddressCopy } from './order-view.js';

/**
 * The e-mails an order sends its member, built from what the order keeps (its copies of names,
 * prices and addresses), so a mail says what the member bought even after the catalogue changed.
 */

/** What a receipt says: the order as it is being written (placement renders it before the stock is taken). */
export interface Receipt {
  number: string;
  placedAt: Date;
  offeringName: string | null;
  totals: Order['totals'];
  deliveryMethod: 'shipping' | 'pickup';
  /** The address copy the order keeps (for pick-up: the place's name and address). */
  shippingAddress: AddressCopy;
  card: { brand: string; last4: string };
  lines: { name: string; vintage: number; sizeMl: number; quantity: number; unitPriceCents: number }[];
  giftMessage: string | null;
  /** An addition (ADR 017): the number of the first order it adds to. */
  addsToNumber: string | null;
}

export const confirmationMail = (firstName: string, receipt: Receipt): MailTemplate => ({
  kind: 'order-confirmation',
  firstName,
  orderNumber: receipt.number,
  offeringName: receipt.offeringName,
  placedAt: receipt.placedAt.toISOString(),
  // In the order the member's order page lists them: by name, then vintage and size.
  lines: [...receipt.lines]
    .sort((a, b) => a.name.localeCompare(b.name) || a.vintage - b.vintage || a.sizeMl - b.sizeMl)
    .map(({ name, vintage, sizeMl, quantity, unitPriceCents }) => ({ name, vintage, sizeMl, quantity, unitPriceCents })),
  totals: receipt.totals,
  delivery: { method: receipt.deliveryMethod, address: addressLines(receipt.deliveryMethod, receipt.shippingAddress) },
  card: { brand: receipt.card.brand, last4: receipt.card.last4 },
  giftMessage: receipt.giftMessage,
  addsToNumber: receipt.addsToNumber,
});

/** What an order's notice says was charged (ADR 025): its total, on the card it was placed with. */
export const chargeOf = (order: { totalCents: number; cardBrand: string | null; cardLast4: string | null }): OrderCharge => ({
  amountCents: order.totalCents,
  card: { brand: order.cardBrand ?? '', last4: order.cardLast4 ?? '' },
});

export const shippedMail = (firstName: string, order: { number: string; carrier: string; trackingNumber: string }, charged: OrderCharge | null = null): MailTemplate => ({
  kind: 'order-shipped',
  firstName,
  orderNumber: order.number,
  carrier: order.carrier,
  trackingNumber: order.trackingNumber,
  trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
  charged,
});

export const readyForPickupMail = (
  firstName: string,
  number: string,
  location: { name: string; address: string; hours: string },
  charged: OrderCharge | null = null,
): MailTemplate => ({
  kind: 'order-ready-for-pickup',
  firstName,
  orderNumber: number,
  location,
  charged,
});

export const cancelledMail = (
  firstName: string,
  order: { number: string; totalCents: number; cardBrand: string | null; cardLast4: string | null },
  payment: 'voided' | 'refunded',
): MailTemplate => ({
  kind: 'order-cancelled',
  firstName,
  orderNumber: order.number,
  totalCents: order.totalCents,
  payment,
  card: { brand: order.cardBrand ?? '', last4: order.cardLast4 ?? '' },
});
