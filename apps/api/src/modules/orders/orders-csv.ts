import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { effectiveFulfilment } from './order-view.js';
import type { OrderFilter, OrderKey, StaffOrdersRepository } from './staff-orders.repository.js';

/**
 * The order export for a shipping house or a compliance service (issue 14, item 6): one row per
 * order line, with the order's member, destination, totals and fulfilment on every row. It
 * streams: orders are read in keyset batches (newest first, as the list), each batch's lines in
 * one query, and rows go out through csv-stringify as the client reads them, so memory stays the
 * same whether the file has ten lines or a hundred thousand (bench/orders-export.mjs).
 */

export const ORDERS_CSV_COLUMNS = [
  'order_number',
  'placed_at',
  'member_name',
  'email',
  'delivery_method',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
  'country',
  'pickup_location',
  'wine',
  'vintage',
  'size_ml',
  'quantity',
  'unit_price',
  'line_total',
  'order_subtotal',
  'tax',
  'shipping',
  'total',
  'status',
  'payment_status',
  'carrier',
  'tracking_number',
] as const;

export const EXPORT_BATCH_ORDERS = 1_000;

/** Dollars with two decimals and no symbol, as spreadsheets and shipping software read them. */
const amount = (cents: number) => (cents / 100).toFixed(2);

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) is
 * prefixed with an apostrophe, so a member's name like "=HYPERLINK(…)" stays text (CSV injection).
 */
export const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

type Batch = Awaited<ReturnType<StaffOrdersRepository['summaries']>>;
type Lines = Awaited<ReturnType<StaffOrdersRepository['linesOf']>>;

function rowsOf(batch: Batch, lines: Lines): string[][] {
  const byOrder = new Map<string, Lines>();
  for (const entry of lines) {
    const list = byOrder.get(entry.line.orderId) ?? [];
    list.push(entry);
    byOrder.set(entry.line.orderId, list);
  }
  const rows: string[][] = [];
  for (const { order, member, pickupName } of batch) {
    const address = order.shippingAddress ?? {};
    const shipping = order.deliveryMethod === 'shipping';
    for (const { line } of byOrder.get(order.id) ?? []) {
      rows.push(
        [
          order.number,
          order.placedAt.toISOString(),
          `${member.firstName} ${member.lastName}`,
          member.email,
          order.deliveryMethod,
          shipping ? (address.address1 ?? '') : '',
          shipping ? (address.address2 ?? '') : '',
          shipping ? (address.city ?? '') : '',
          shipping ? (address.stateCode ?? '') : '',
          shipping ? (address.zipCode ?? '') : '',
          shipping ? (address.countryCode ?? '') : '',
          shipping ? '' : [pickupName ?? address.name, address.address].filter(Boolean).join(', '),
          line.name,
          String(line.vintage),
          String(line.sizeMl),
          String(line.quantity),
          amount(line.unitPriceCents),
          amount(line.unitPriceCents * line.quantity),
          amount(order.subtotalCents),
          amount(order.taxCents),
          amount(order.shippingCents),
          amount(order.totalCents),
          effectiveFulfilment(order),
          order.paymentStatus,
          order.carrier ?? '',
          order.trackingNumber ?? '',
        ].map(safeCell),
      );
    }
  }
  return rows;
}

/** The CSV file of every order line the filter selects, as a stream of text. */
export function ordersCsv(repository: StaffOrdersRepository, tenantId: string, filter: OrderFilter, batchOrders = EXPORT_BATCH_ORDERS): Readable {
  async function* records(): AsyncGenerator<string[]> {
    yield [...ORDERS_CSV_COLUMNS];
    let after: OrderKey | undefined;
    for (;;) {
      const batch = await repository.summaries(tenantId, filter, after, batchOrders, { bottles: false });
      if (batch.length === 0) return;
      const lines = await repository.linesOf(tenantId, batch.map((row) => row.order.id));
      for (const row of rowsOf(batch, lines)) yield row;
      if (batch.length < batchOrders) return;
      const last = batch.at(-1)!;
      after = [last.placedKey, last.order.id];
    }
  }
  // A byte-order mark first, so spreadsheet apps read the file as UTF-8 (accents in names and wines).
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
