import type { Order } from '@winery/domain';
import type { OrderLineRow, OrderRow } from './orders.repository.js';

export type AddressCopy = Record<string, string | null>;

/** The lines an order's summary shows for where it goes: a postal address, or the pick-up place. */
function deliveryLines(order: OrderRow): string[] {
  const copy = order.shippingAddress;
  if (!copy) return [];
  if (order.deliveryMethod === 'pickup') return [copy.name, copy.address].filter((line): line is string => Boolean(line));
  const cityLine = [copy.city, [copy.stateCode, copy.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [copy.address1, copy.address2, cityLine, copy.countryCode].filter((line): line is string => Boolean(line));
}

const byWine = (a: OrderLineRow, b: OrderLineRow) =>
  a.name.localeCompare(b.name) || a.vintage - b.vintage || a.sizeMl - b.sizeMl || (a.offeringWineId < b.offeringWineId ? -1 : 1);

export function toOrderView(order: OrderRow, offeringName: string | null, lines: readonly OrderLineRow[]): Order {
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
    delivery: { method: order.deliveryMethod, address: deliveryLines(order) },
    payment: { brand: order.cardBrand ?? '', last4: order.cardLast4 ?? '' },
  };
}

/** What an order keeps of an address: a copy, so later edits of the address leave the order as placed. */
export const addressCopy = (row: { address1: string; address2: string | null; city: string; stateCode: string | null; zipCode: string; countryCode: string }): AddressCopy => ({
  address1: row.address1,
  address2: row.address2,
  city: row.city,
  stateCode: row.stateCode,
  zipCode: row.zipCode,
  countryCode: row.countryCode,
});
