import { trackingUrl, type Order } from '@winery/domain';
import type { MailTemplate } from '../mail/templates/mail-templates.js';

/**
 * The e-mails an order sends its member, built from what the order keeps (its copies of names,
 * prices and addresses), so a mail says what the member bought even after the catalogue changed.
 */

export const confirmationMail = (firstName: string, order: Order): MailTemplate => ({
  kind: 'order-confirmation',
  firstName,
  orderNumber: order.number,
  offeringName: order.offeringName,
  placedAt: order.placedAt,
  lines: order.lines.map(({ name, vintage, sizeMl, quantity, unitPriceCents }) => ({ name, vintage, sizeMl, quantity, unitPriceCents })),
  totals: order.totals,
  delivery: order.delivery,
  card: order.payment,
});

export const shippedMail = (firstName: string, order: { number: string; carrier: string; trackingNumber: string }): MailTemplate => ({
  kind: 'order-shipped',
  firstName,
  orderNumber: order.number,
  carrier: order.carrier,
  trackingNumber: order.trackingNumber,
  trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
});

export const readyForPickupMail = (firstName: string, number: string, location: { name: string; address: string; hours: string }): MailTemplate => ({
  kind: 'order-ready-for-pickup',
  firstName,
  orderNumber: number,
  location,
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
