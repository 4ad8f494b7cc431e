import {
  nextFulfilmentSteps,
  trackingUrl,
  type FulfilmentUpdateInput,
  type Page,
  type StaffOrder,
  type StaffOrderFilters,
  type StaffOrderListQuery,
  type StaffOrderSummary,
} from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AuditActor } from '../../shared/audit.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { createOrderFulfilment, type OrderFulfilmentDependencies } from './order-fulfilment.js';
import { addressLines, effectiveFulfilment } from './order-view.js';
import type { OrderFilter, OrderKey, StaffOrdersRepository } from './staff-orders.repository.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes the zone is ahead of UTC at an instant. */
function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((local - at.getTime()) / 60_000);
}

/** The first instant of a day ("2026-11-25") on the winery's clock. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let instant = midnightUtc - zoneOffsetMinutes(new Date(midnightUtc), timeZone) * 60_000;
  // Once more at the instant found, in case a change of clocks lies between.
  instant = midnightUtc - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** A day is read on the winery's clock (from its first moment, to its last); an instant as it is. */
export function resolveFilter(filters: StaffOrderFilters, timeZone: string): OrderFilter {
  const day = (value: string | undefined, end: boolean) => {
    if (!value) return undefined;
    if (!DAY.test(value)) return new Date(value);
    if (!end) return startOfDayIn(value, timeZone);
    const next = new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return new Date(startOfDayIn(next, timeZone).getTime() - 1);
  };
  return { ...filters, from: day(filters.from, false), to: day(filters.to, true) };
}

const destination = (row: { order: { deliveryMethod: string; shippingAddress: Record<string, string | null> | null }; pickupName: string | null }) => {
  const copy = row.order.shippingAddress ?? {};
  if (row.order.deliveryMethod === 'pickup') return row.pickupName ?? copy.name ?? '';
  return [copy.city, copy.stateCode, copy.countryCode].filter(Boolean).join(', ');
};

export function createStaffOrdersService(deps: OrderFulfilmentDependencies & { repository: StaffOrdersRepository }) {
  const { repository } = deps;
  const changeStatus = createOrderFulfilment(deps);

  async function detail(tenantId: string, orderId: string): Promise<StaffOrder> {
    const found = await repository.detail(tenantId, orderId);
    if (!found) throw new ApiError('notFound', API_MESSAGES.orderNotFound);
    const { order } = found;
    const lines = await repository.linesOf(tenantId, [order.id]);
    const iso = (value: Date | null) => value?.toISOString() ?? null;
    return {
      id: order.id,
      number: order.number,
      placedAt: order.placedAt.toISOString(),
      member: found.member,
      offering: found.offeringId && found.offeringName ? { id: found.offeringId, name: found.offeringName } : null,
      lines: lines.map(({ line, locationName }) => ({
        id: line.id,
        offeringWineId: line.offeringWineId,
        name: line.name,
        vintage: line.vintage,
        sizeMl: line.sizeMl,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.unitPriceCents * line.quantity,
        location: line.locationId && locationName ? { id: line.locationId, name: locationName } : null,
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
        pickupLocation: found.pickup?.id ? { id: found.pickup.id, name: found.pickup.name, address: found.pickup.address, hours: found.pickup.hours } : null,
      },
      billingAddress: addressLines('shipping', order.billingAddress),
      payment: { brand: order.cardBrand ?? '', last4: order.cardLast4 ?? '', status: order.paymentStatus },
      giftMessage: order.giftMessage,
      addsTo: found.addsTo?.id ? { id: found.addsTo.id, number: found.addsTo.number } : null,
      fulfilment: {
        status: effectiveFulfilment(order),
        carrier: order.carrier,
        trackingNumber: order.trackingNumber,
        trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
        nextSteps: nextFulfilmentSteps({ fulfilmentStatus: effectiveFulfilment(order), deliveryMethod: order.deliveryMethod }),
      },
      timeline: {
        placedAt: order.placedAt.toISOString(),
        processingAt: iso(order.processingAt),
        shippedAt: iso(order.shippedAt),
        readyForPickupAt: iso(order.readyForPickupAt),
        pickedUpAt: iso(order.pickedUpAt),
        cancelledAt: iso(order.cancelledAt),
        capturedAt: iso(order.capturedAt),
      },
    };
  }

  return {
    async list(tenantId: string, query: StaffOrderListQuery): Promise<Page<StaffOrderSummary>> {
      const { limit, cursor, ...filters } = query;
      const after = decodeCursor(cursor, 2) as OrderKey | undefined;
      const filter = resolveFilter(filters, await repository.timeZone(tenantId));
      const rows = await repository.summaries(tenantId, filter, after, limit + 1);
      return toPage(
        rows,
        limit,
        (row) => [row.placedKey, row.order.id],
        (row): StaffOrderSummary => ({
          id: row.order.id,
          number: row.order.number,
          placedAt: row.order.placedAt.toISOString(),
          member: row.member,
          offering: row.offeringId && row.offeringName ? { id: row.offeringId, name: row.offeringName } : null,
          deliveryMethod: row.order.deliveryMethod,
          destination: destination(row),
          bottles: Number(row.bottles),
          totalCents: row.order.totalCents,
          fulfilmentStatus: effectiveFulfilment(row.order),
          paymentStatus: row.order.paymentStatus,
          carrier: row.order.carrier,
          trackingNumber: row.order.trackingNumber,
        }),
      );
    },

    detail,

    /** Moves the order on (order-fulfilment.ts) and answers it as it is now. */
    async changeStatus(actor: AuditActor, orderId: string, input: FulfilmentUpdateInput): Promise<StaffOrder> {
      await changeStatus(actor, orderId, input);
      return detail(actor.tenantId, orderId);
    },
  };
}

export type StaffOrdersService = ReturnType<typeof createStaffOrdersService>;
