import { computeTotals, HOUR_MS, type RateTables } from '@winery/domain';
import type { FulfilmentStatus, OrderStatus, PaymentStatus } from '../db/schema/index.js';
import type { DemoAddress } from './demo-members.js';
import type { DemoRandom } from './demo-random.js';

/** A wine of an offering as an order needs it. */
export interface OfferedWine {
  /** The offering_wines id. */
  id: string;
  name: string;
  vintage: number;
  sizeMl: number;
  priceCents: number;
}

export interface DemoLocation {
  id: string;
  countryCode: string;
  stateCode: string | null;
}

export interface Pick {
  wine: OfferedWine;
  quantity: number;
}

/**
 * Which wines and how many a member takes: a few of the wines they may order, more of each for the
 * senior tiers, topped up to the order minimum within their limits. Null when their limits cannot
 * reach the minimum.
 */
export function choosePicks(
  random: DemoRandom,
  allowed: ReadonlyArray<{ wine: OfferedWine; maximum: number }>,
  minimumCents: number,
  generous: boolean,
): Pick[] | null {
  const options = random.shuffle(allowed.filter((entry) => entry.maximum > 0));
  if (options.length === 0) return null;
  const count = random.int(1, Math.min(4, options.length));
  const picks = options.slice(0, count).map((entry) => ({
    entry,
    quantity: generous ? random.int(Math.ceil(entry.maximum / 2), entry.maximum) : random.int(1, Math.max(1, Math.ceil(entry.maximum / 2))),
  }));
  const subtotal = () => picks.reduce((sum, pick) => sum + pick.quantity * pick.entry.wine.priceCents, 0);
  while (subtotal() < minimumCents) {
    const room = picks.find((pick) => pick.quantity < pick.entry.maximum);
    if (room) room.quantity += 1;
    else if (picks.length < options.length) picks.push({ entry: options[picks.length]!, quantity: 1 });
    else return null;
  }
  return picks.map((pick) => ({ wine: pick.entry.wine, quantity: pick.quantity }));
}

/** Where an order got to: still open, being prepared, delivered, waiting at a pick-up point, cancelled. */
export type OrderFate = 'open' | 'processing' | 'delivered' | 'awaitingPickup' | 'cancelled';

export interface DemoOrderInput {
  tenantId: string;
  id: string;
  number: string;
  customerId: string;
  allocationId: string;
  address: DemoAddress;
  picks: Pick[];
  /** Shipped orders leave from here; pick-ups are collected where the member chose. */
  shipsFrom: DemoLocation;
  pickup: DemoLocation | null;
  tables: RateTables;
  placedAt: Date;
  /** When the offering closed: deliveries begin after it. */
  closesAt: Date;
  fate: OrderFate;
}

const CARRIERS = ['UPS', 'FedEx'] as const;

function trackingNumber(random: DemoRandom, carrier: (typeof CARRIERS)[number]) {
  const digits = (n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('');
  return carrier === 'UPS' ? `1Z${random.int(100, 999)}E${random.int(10, 99)}03${digits(8)}` : digits(12);
}

/**
 * One order as placing it (and the winery's work since) would have left it: lines at the
 * offering's prices, totals from the rate tables, the address and card it used, and the
 * fulfilment and payment states of its fate. Null when the address cannot receive wine by post
 * (the caller offers a pick-up instead).
 */
export function buildOrder(random: DemoRandom, input: DemoOrderInput) {
  const { tenantId, picks, pickup, placedAt, fate } = input;
  const subtotalCents = picks.reduce((sum, pick) => sum + pick.quantity * pick.wine.priceCents, 0);
  const bottles = picks.reduce((sum, pick) => sum + pick.quantity, 0);
  const priced = computeTotals({
    subtotalCents,
    bottles,
    delivery: pickup
      ? { method: 'pickup', locationId: pickup.id, taxDestination: { countryCode: pickup.countryCode, stateCode: pickup.stateCode } }
      : { method: 'shipping', destination: { countryCode: input.address.countryCode, stateCode: input.address.stateCode } },
    tables: input.tables,
  });
  if (!priced.ok) return null;

  const after = (from: Date, minDays: number, maxDays: number) => new Date(from.getTime() + random.int(minDays * 24, maxDays * 24) * HOUR_MS);
  const delivered = fate === 'delivered';
  const carrier = !pickup && delivered ? random.pick(CARRIERS) : null;
  const processingAt = fate === 'processing' || delivered || fate === 'awaitingPickup' ? after(placedAt, 0.1, 2) : null;
  const readyAt = pickup && (delivered || fate === 'awaitingPickup') ? after(input.closesAt, 2, 10) : null;
  const fulfilmentStatus: FulfilmentStatus =
    fate === 'cancelled' ? 'cancelled'
    : fate === 'open' ? 'placed'
    : fate === 'processing' || (fate === 'awaitingPickup' && !pickup) ? 'processing'
    : pickup ? (delivered ? 'picked_up' : 'ready_for_pickup')
    : 'shipped';
  const status: OrderStatus = fate === 'cancelled' ? 'cancelled' : fulfilmentStatus === 'shipped' || fulfilmentStatus === 'picked_up' ? 'fulfilled' : 'pending';
  // Authorised when placed, charged when it shipped or was ready for pick-up, released if cancelled (ADR 025).
  const paymentStatus: PaymentStatus =
    fate === 'cancelled' ? 'voided' : fulfilmentStatus === 'shipped' || fulfilmentStatus === 'ready_for_pickup' || fulfilmentStatus === 'picked_up' ? 'captured' : 'authorized';
  const address = { ...input.address };
  const last4 = String(random.int(0, 9999)).padStart(4, '0');

  const order = {
    id: input.id,
    tenantId,
    customerId: input.customerId,
    allocationId: input.allocationId,
    number: input.number,
    status,
    ...priced.totals,
    deliveryMethod: pickup ? ('pickup' as const) : ('shipping' as const),
    pickupLocationId: pickup?.id ?? null,
    shippingAddress: pickup ? null : address,
    billingAddress: address,
    cardBrand: random.weighted([['visa', 55], ['mastercard', 30], ['amex', 15]] as const),
    cardLast4: last4,
    authorizationId: demoAuthorizationId(input.id),
    placedAt,
    fulfilmentStatus,
    paymentStatus,
    carrier,
    trackingNumber: carrier ? trackingNumber(random, carrier) : null,
    processingAt,
    shippedAt: carrier ? after(input.closesAt, 3, 21) : null,
    readyForPickupAt: readyAt,
    pickedUpAt: readyAt && delivered ? after(readyAt, 1, 30) : null,
    cancelledAt: fate === 'cancelled' ? after(placedAt, 0.5, 4) : null,
  };
  const capturedAt = paymentStatus === 'captured' ? (order.shippedAt ?? order.readyForPickupAt) : null;
  const lines = picks.map((pick) => ({
    tenantId,
    orderId: input.id,
    offeringWineId: pick.wine.id,
    locationId: (pickup ?? input.shipsFrom).id,
    name: pick.wine.name,
    vintage: pick.wine.vintage,
    sizeMl: pick.wine.sizeMl,
    quantity: pick.quantity,
    unitPriceCents: pick.wine.priceCents,
  }));
  return { order: { ...order, capturedAt }, lines };
}

/**
 * The authorisation a demo order holds: an id of the test gateway's form, from the order's own id
 * (no draw of the seed's random numbers, so the rest of the demo stays as it was). The gateway has
 * no record of it, as of any payment made before its records began, and captures, voids and
 * refunds it as staff move the order on.
 */
export const demoAuthorizationId = (orderId: string) => `auth_test_${orderId.replace(/-/g, '').slice(-24)}`;

/** Order numbers as the shop draws them ("AE-" and eight digits), never the same twice. */
export function orderNumbers(random: DemoRandom) {
  const seen = new Set<string>();
  return () => {
    for (;;) {
      const number = `AE-${random.int(20_000_000, 99_999_999)}`;
      if (!seen.has(number)) {
        seen.add(number);
        return number;
      }
    }
  };
}

/** A moment in [from, to), earlier ones likelier: most members order in the first days. */
export function earlyMoment(random: DemoRandom, from: Date, to: Date) {
  const span = to.getTime() - from.getTime();
  return new Date(from.getTime() + Math.floor(random.next() ** 2 * span));
}
