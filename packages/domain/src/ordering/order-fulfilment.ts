import type { DeliveryMethod } from '../schemas/offering.js';
import type { FulfilmentStatus, FulfilmentTarget, PaymentStatus } from '../schemas/fulfilment-states.js';

export { FULFILMENT_STATUSES, FULFILMENT_TARGETS, PAYMENT_STATUSES } from '../schemas/fulfilment-states.js';
export type { FulfilmentStatus, FulfilmentTarget, PaymentStatus } from '../schemas/fulfilment-states.js';

/**
 * Where an order is after it was placed (issue 14): placed → processing → shipped, or (pick-up
 * orders) processing → ready for pick-up → picked up; cancelled from placed, processing or ready
 * for pick-up. Shipped, picked up and cancelled are final. The API refuses every other move with
 * the reason this module gives, and the console offers only the moves it allows.
 */

/** Every legal move, by the status an order is in. */
export const FULFILMENT_TRANSITIONS: Readonly<Record<FulfilmentStatus, readonly FulfilmentTarget[]>> = {
  placed: ['processing', 'cancelled'],
  processing: ['shipped', 'ready_for_pickup', 'cancelled'],
  shipped: [],
  ready_for_pickup: ['picked_up', 'cancelled'],
  picked_up: [],
  cancelled: [],
};

/** The statuses after which nothing more happens to an order. */
export const isFinalFulfilment = (status: FulfilmentStatus) => FULFILMENT_TRANSITIONS[status].length === 0;

/** The way of delivery a target status belongs to, when it belongs to one. */
const DELIVERY_OF: Partial<Record<FulfilmentTarget, DeliveryMethod>> = {
  shipped: 'shipping',
  ready_for_pickup: 'pickup',
  picked_up: 'pickup',
};

/**
 * Why a move is refused:
 * - `final`: the order was shipped, picked up or cancelled ("An order that was shipped cannot be cancelled.");
 * - `notYet`: a later step asked too early ("An order that is placed cannot be shipped yet.");
 * - `backwards`: a step already passed ("An order that is ready for pick-up cannot be marked processing.");
 * - `wrongDelivery`: shipping a pick-up order, or the reverse;
 * - `trackingRequired`: shipped without a carrier and a tracking number.
 */
export type FulfilmentRefusal = 'final' | 'notYet' | 'backwards' | 'wrongDelivery' | 'trackingRequired';

export type FulfilmentDecision =
  /** Already there: nothing changes, nobody is told again (a repeated request). */
  | { outcome: 'unchanged' }
  | { outcome: 'move'; from: FulfilmentStatus; to: FulfilmentTarget }
  | { outcome: 'refused'; reason: FulfilmentRefusal; from: FulfilmentStatus; to: FulfilmentTarget };

export interface FulfilmentOrder {
  fulfilmentStatus: FulfilmentStatus;
  deliveryMethod: DeliveryMethod;
}

export interface FulfilmentDetails {
  carrier?: string | null | undefined;
  trackingNumber?: string | null | undefined;
}

/** The order of the steps, to tell a step asked too early from one already passed. */
const STEP: Record<FulfilmentStatus, number> = { placed: 0, processing: 1, shipped: 2, ready_for_pickup: 2, picked_up: 3, cancelled: 4 };

/**
 * Decides a requested move. Pure: the API applies it inside the transaction that locked the
 * order, so two requests at once are decided one after the other on what the first left.
 */
export function decideFulfilment(order: FulfilmentOrder, to: FulfilmentTarget, details: FulfilmentDetails = {}): FulfilmentDecision {
  const from = order.fulfilmentStatus;
  if (from === to) return { outcome: 'unchanged' };
  const refuse = (reason: FulfilmentRefusal): FulfilmentDecision => ({ outcome: 'refused', reason, from, to });
  if (isFinalFulfilment(from)) return refuse('final');
  const delivery = DELIVERY_OF[to];
  if (delivery && delivery !== order.deliveryMethod) return refuse('wrongDelivery');
  if (!FULFILMENT_TRANSITIONS[from].includes(to)) return refuse(STEP[to] > STEP[from] ? 'notYet' : 'backwards');
  if (to === 'shipped' && (!details.carrier?.trim() || !details.trackingNumber?.trim())) return refuse('trackingRequired');
  return { outcome: 'move', from, to };
}

/** The moves an order can make now (the console's buttons). */
export function nextFulfilmentSteps(order: FulfilmentOrder): FulfilmentTarget[] {
  return FULFILMENT_TRANSITIONS[order.fulfilmentStatus].filter((to) => {
    const delivery = DELIVERY_OF[to];
    return !delivery || delivery === order.deliveryMethod;
  });
}

/**
 * What a move does to the order's payment (the Terms of Sale: the card is authorised when the
 * member orders and charged when the order ships or is ready for pick-up):
 * - `capture`: shipped, ready for pick-up, or picked up while still only authorised (an order made
 *   ready before payments were captured) charges the card: authorized → captured;
 * - `void`: cancelling releases a hold: authorized → voided;
 * - `refund`: cancelling a charged order (ready for pick-up, never collected) gives the money
 *   back: captured → refunded.
 * Null: the payment stays as it is (processing; a payment already taken, released or refunded).
 */
export type PaymentStep = { step: 'capture'; becomes: 'captured' } | { step: 'void'; becomes: 'voided' } | { step: 'refund'; becomes: 'refunded' };

/** The moves after which the order is prepared, so its card is charged. */
export const PAYMENT_CAPTURED_ON: readonly FulfilmentTarget[] = ['shipped', 'ready_for_pickup', 'picked_up'];

export function paymentStepFor(payment: PaymentStatus, to: FulfilmentTarget): PaymentStep | null {
  if (to === 'cancelled') {
    if (payment === 'authorized') return { step: 'void', becomes: 'voided' };
    if (payment === 'captured') return { step: 'refund', becomes: 'refunded' };
    return null;
  }
  if (payment === 'authorized' && PAYMENT_CAPTURED_ON.includes(to)) return { step: 'capture', becomes: 'captured' };
  return null;
}

/** Carriers whose tracking page we can link to; any other carrier's number is shown alone. */
const TRACKING_URLS: Record<string, (number: string) => string> = {
  ups: (number) => `https://www.ups.com/track?tracknum=${number}`,
  fedex: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  usps: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  dhl: (number) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${number}`,
};

/** The carrier's tracking page for a number (UPS, FedEx, USPS, DHL), or null for another carrier. */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!carrier || !trackingNumber) return null;
  const page = TRACKING_URLS[carrier.trim().toLowerCase().replace(/[^a-z]/g, '')];
  const number = trackingNumber.trim().replace(/\s+/g, '');
  if (!page || !/^[A-Za-z0-9-]{4,40}$/.test(number)) return null;
  return page(encodeURIComponent(number));
}
