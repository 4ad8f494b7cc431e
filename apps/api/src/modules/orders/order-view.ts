import { trackingUrl, type MemberOrder, type OrderFulfilment, type OrderReference, type OrderShippingAddress } from '@winery/domain';
import type { OrderLineRow, OrderRow } from './orders.repository.js';

export type AddressCopy = Record<string, string | null>;

// The site speaks en-US (seed §9), and so do its e-mails: "United States", as the web's address book writes it.
const regionNames = new Intl.DisplayNames(['en-US'], { type: 'region', fallback: 'code' });

/** A country's name ("United States") for its code; the code itself when it is not one. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The lines an order shows for an address it keeps, as on an envelope: who receives it (when it is
 * not the member), the postal address with the country's name, and the recipient's phone; or
 * (pick-up) the place's name and address.
 */
export function addressLines(method: 'shipping' | 'pickup', copy: AddressCopy | null): string[] {
  if (!copy) return [];
  if (method === 'pickup') return [copy.name, copy.address].filter((line): line is string => Boolean(line));
  const cityLine = [copy.city, [copy.stateCode, copy.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const country = copy.countryCode ? countryName(copy.countryCode) : null;
  return [copy.recipientName, copy.address1, copy.address2, cityLine, country, copy.phone].filter((line): line is string => Boolean(line));
}

/** The shipping address an order keeps, field by field (null for pick-up, or an order written without one). */
export function shippingAddressOf(method: 'shipping' | 'pickup', copy: AddressCopy | null): OrderShippingAddress | null {
  if (method !== 'shipping' || !copy?.address1) return null;
  return {
    recipientName: copy.recipientName ?? null,
    phone: copy.phone ?? null,
    address1: copy.address1,
    address2: copy.address2 ?? null,
    city: copy.city ?? '',
    stateCode: copy.stateCode ?? null,
    zipCode: copy.zipCode ?? '',
    countryCode: copy.countryCode ?? '',
  };
}

export type PickupPlace = { name: string; address: string; hours: string };

type FulfilmentColumns = Pick<
  OrderRow,
  'status' | 'fulfilmentStatus' | 'carrier' | 'trackingNumber' | 'deliveryMethod' | 'shippingAddress' | 'placedAt' | 'processingAt' | 'shippedAt' | 'readyForPickupAt' | 'pickedUpAt' | 'cancelledAt'
>;

/**
 * The fulfilment an order is in. Orders written before fulfilment existed, or by the demo seed,
 * may carry only the older status: 'cancelled' is cancelled, 'fulfilled' is shipped or picked up.
 */
export function effectiveFulfilment(order: Pick<OrderRow, 'status' | 'fulfilmentStatus' | 'deliveryMethod'>): OrderRow['fulfilmentStatus'] {
  if (order.fulfilmentStatus !== 'placed') return order.fulfilmentStatus;
  if (order.status === 'cancelled') return 'cancelled';
  if (order.status === 'fulfilled') return order.deliveryMethod === 'pickup' ? 'picked_up' : 'shipped';
  return 'placed';
}

/** Where the order is, as the member sees it; the pick-up place from its location, else from the order's copy. */
export function memberFulfilment(order: FulfilmentColumns, pickup?: PickupPlace | null): OrderFulfilment {
  const status = effectiveFulfilment(order);
  const since = {
    placed: order.placedAt,
    processing: order.processingAt,
    shipped: order.shippedAt,
    ready_for_pickup: order.readyForPickupAt,
    picked_up: order.pickedUpAt,
    cancelled: order.cancelledAt,
  }[status];
  const copy = order.shippingAddress;
  return {
    status,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    pickupLocation: order.deliveryMethod === 'pickup' ? (pickup ?? { name: copy?.name ?? '', address: copy?.address ?? '', hours: '' }) : null,
    updatedAt: (since ?? order.placedAt).toISOString(),
  };
}

const byWine = (a: OrderLineRow, b: OrderLineRow) =>
  a.name.localeCompare(b.name) || a.vintage - b.vintage || a.sizeMl - b.sizeMl || (a.offeringWineId < b.offeringWineId ? -1 : 1);

/** The orders an order is linked to (ADR 017): the first order an addition adds to, and a first order's additions. */
export interface OrderLinks {
  addsTo: OrderReference | null;
  additions: OrderReference[];
}

const NO_LINKS: OrderLinks = { addsTo: null, additions: [] };

export function toOrderView(
  order: OrderRow,
  offeringName: string | null,
  lines: readonly OrderLineRow[],
  pickup?: PickupPlace | null,
  links: OrderLinks = NO_LINKS,
): MemberOrder {
  const fulfilment = memberFulfilment(order, pickup);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    placedAt: order.placedAt.toISOString(),
    offeringName,
    // One order for the lines however they were read: by name, then vintage and size.
    lines: [...lines].sort(byWine).map((line) => ({
      wineId: line.offeringWineId,
      name: line.name,
      vintage: line.vintage,
      sizeMl: line.sizeMl,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    totals: {
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      shippingLabel: order.shippingLabel,
      taxLabel: order.taxLabel,
    },
    delivery: {
      method: order.deliveryMethod,
      address: addressLines(order.deliveryMethod, order.shippingAddress),
      shippingAddress: shippingAddressOf(order.deliveryMethod, order.shippingAddress),
      pickup: fulfilment.pickupLocation,
    },
    // Authorized (a hold, charged when the order ships or is ready for pick-up), captured, voided or refunded (ADR 025).
    payment: { brand: order.cardBrand ?? '', last4: order.cardLast4 ?? '', status: order.paymentStatus },
    fulfilment,
    giftMessage: order.giftMessage,
    addsTo: links.addsTo,
    additions: links.additions,
  };
}

/** What an order keeps of an address: a copy, so later edits of the address leave the order as placed. */
export const addressCopy = (row: {
  recipientName?: string | null;
  phone?: string | null;
  address1: string;
  address2: string | null;
  city: string;
  stateCode: string | null;
  zipCode: string;
  countryCode: string;
}): AddressCopy => ({
  recipientName: row.recipientName ?? null,
  phone: row.phone ?? null,
  address1: row.address1,
  address2: row.address2,
  city: row.city,
  stateCode: row.stateCode,
  zipCode: row.zipCode,
  countryCode: row.countryCode,
});
