import { formatDate, formatMoney } from '@winery/domain';
import { hasText, mailText as t, type MailTextKey } from '../../../i18n/i18n.js';
import type { MailContent, TemplateContext } from './mail-types.js';

/**
 * The mails an order sends its member (issue 14, item 5): the receipt when it is placed, then a
 * notice when it ships, is ready for pick-up, or is cancelled. They carry the order as placed:
 * no card number (brand and last four only), no link token — only the site's order page.
 */

const ORDERS_PATH = '/profile/orders';

export interface OrderCard {
  brand: string;
  last4: string;
}

/** The payment taken when the order was prepared (ADR 025): said in the notice that it is. */
export interface OrderCharge {
  amountCents: number;
  card: OrderCard;
}

export interface OrderConfirmationData {
  firstName: string;
  orderNumber: string;
  offeringName: string | null;
  /** ISO timestamp. */
  placedAt: string;
  lines: { name: string; vintage: number; sizeMl: number; quantity: number; unitPriceCents: number }[];
  totals: {
    subtotalCents: number;
    shippingCents: number;
    taxCents: number;
    totalCents: number;
    shippingLabel: 'shipping' | 'shippingAndDuties';
    taxLabel: 'salesTax' | 'taxAndDuties';
  };
  delivery: { method: 'shipping' | 'pickup'; address: string[] };
  card: OrderCard;
  /** The member's card for whoever receives the wine (issue 15). */
  giftMessage?: string | null;
  /** Bottles added to an earlier order of the same offering (ADR 017): that order's number. */
  addsToNumber?: string | null;
}

/** "Visa ending in 4242": a known brand by its name, another as the gateway spelled it. */
function cardWords(card: OrderCard): string {
  const key = `order.cardBrands.${card.brand}`;
  const brand = hasText('mail', key) ? t(key as MailTextKey) : card.brand;
  return t('order.cardEnding', { brand, last4: card.last4 });
}

const oneLine = (lines: string[]) => lines.filter((line) => line.trim()).join(', ');

export function orderConfirmation(data: OrderConfirmationData, { link }: TemplateContext): MailContent {
  const { totals } = data;
  const number = data.orderNumber;
  const receipt = data.lines.map((line) =>
    t('order.confirmation.line', {
      count: line.quantity,
      wine: `${line.name} ${line.vintage}`,
      size: line.sizeMl,
      price: formatMoney(line.unitPriceCents),
      total: formatMoney(line.unitPriceCents * line.quantity),
    }),
  );
  return {
    subject: t('order.confirmation.subject', { number }),
    preheader: t('order.confirmation.preheader', { total: formatMoney(totals.totalCents) }),
    heading: t('order.confirmation.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      data.offeringName
        ? t('order.confirmation.bodyOffering', { number, offering: data.offeringName, date: formatDate(data.placedAt) ?? data.placedAt })
        : t('order.confirmation.body', { number, date: formatDate(data.placedAt) ?? data.placedAt }),
      ...(data.addsToNumber ? [t('order.confirmation.addition', { number, first: data.addsToNumber })] : []),
      ...receipt,
      t('order.confirmation.subtotal', { amount: formatMoney(totals.subtotalCents) }),
      t(`order.confirmation.${totals.shippingLabel}`, { amount: formatMoney(totals.shippingCents) }),
      t(`order.confirmation.${totals.taxLabel}`, { amount: formatMoney(totals.taxCents) }),
      t('order.confirmation.total', { amount: formatMoney(totals.totalCents) }),
      data.delivery.method === 'pickup'
        ? t('order.confirmation.pickupAt', { place: oneLine(data.delivery.address) })
        : t('order.confirmation.shipTo', { address: oneLine(data.delivery.address) }),
      // Authorised now, charged when the order is prepared (the Terms of Sale).
      t(data.delivery.method === 'pickup' ? 'order.confirmation.cardPickup' : 'order.confirmation.card', { card: cardWords(data.card), amount: formatMoney(totals.totalCents) }),
      ...(data.giftMessage ? [t('order.confirmation.giftMessage', { message: data.giftMessage })] : []),
    ],
    action: { label: t('order.action'), url: link(ORDERS_PATH) },
    notes: [t(data.delivery.method === 'pickup' ? 'order.confirmation.nextPickup' : 'order.confirmation.nextShipping')],
  };
}

export interface OrderShippedData {
  firstName: string;
  orderNumber: string;
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page (domain trackingUrl), or null for a carrier without one. */
  trackingUrl: string | null;
  /** The card charged as the order shipped; absent on a corrected tracking number. */
  charged?: OrderCharge | null;
}

export function orderShipped(data: OrderShippedData, { link }: TemplateContext): MailContent {
  const number = data.orderNumber;
  return {
    subject: t('order.shipped.subject', { number }),
    preheader: t('order.shipped.preheader', { carrier: data.carrier }),
    heading: t('order.shipped.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      t('order.shipped.body', { number, carrier: data.carrier }),
      t('order.shipped.tracking', { carrier: data.carrier, trackingNumber: data.trackingNumber }),
      ...(data.charged ? [t('order.shipped.charged', { amount: formatMoney(data.charged.amountCents), card: cardWords(data.charged.card) })] : []),
    ],
    action: data.trackingUrl ? { label: t('order.shipped.action'), url: link(data.trackingUrl) } : { label: t('order.action'), url: link(ORDERS_PATH) },
    notes: [t('order.shipped.note')],
  };
}

export interface OrderReadyForPickupData {
  firstName: string;
  orderNumber: string;
  location: { name: string; address: string; hours: string };
  /** The card charged as the order was made ready. */
  charged?: OrderCharge | null;
}

export function orderReadyForPickup(data: OrderReadyForPickupData, { link }: TemplateContext): MailContent {
  const number = data.orderNumber;
  const { location } = data;
  return {
    subject: t('order.readyForPickup.subject', { number }),
    preheader: t('order.readyForPickup.preheader', { location: location.name }),
    heading: t('order.readyForPickup.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      t('order.readyForPickup.body', { number, location: location.name }),
      t('order.readyForPickup.address', { address: location.address }),
      ...(location.hours.trim() ? [t('order.readyForPickup.hours', { hours: location.hours })] : []),
      ...(data.charged ? [t('order.readyForPickup.charged', { amount: formatMoney(data.charged.amountCents), card: cardWords(data.charged.card) })] : []),
    ],
    action: { label: t('order.action'), url: link(ORDERS_PATH) },
    notes: [t('order.readyForPickup.note')],
  };
}

export interface OrderCancelledData {
  firstName: string;
  orderNumber: string;
  totalCents: number;
  /** What happened to the payment: a hold released, or money given back. */
  payment: 'voided' | 'refunded';
  card: OrderCard;
}

export function orderCancelled(data: OrderCancelledData, { link }: TemplateContext): MailContent {
  const number = data.orderNumber;
  const values = { amount: formatMoney(data.totalCents), card: cardWords(data.card) };
  return {
    subject: t('order.cancelled.subject', { number }),
    preheader: t('order.cancelled.preheader'),
    heading: t('order.cancelled.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      t('order.cancelled.body', { number }),
      t(data.payment === 'refunded' ? 'order.cancelled.refunded' : 'order.cancelled.voided', values),
    ],
    action: { label: t('order.action'), url: link(ORDERS_PATH) },
    notes: [t('order.cancelled.note')],
  };
}
