import { describe, expect, it } from 'vitest';
import {
  decideFulfilment,
  FULFILMENT_STATUSES,
  FULFILMENT_TARGETS,
  FULFILMENT_TRANSITIONS,
  nextFulfilmentSteps,
  PAYMENT_STATUSES,
  paymentStepFor,
  trackingUrl,
  type FulfilmentStatus,
  type FulfilmentTarget,
  type PaymentStatus,
} from './order-fulfilment.js';

const tracked = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
const shipping = (fulfilmentStatus: FulfilmentStatus) => ({ fulfilmentStatus, deliveryMethod: 'shipping' as const });
const pickup = (fulfilmentStatus: FulfilmentStatus) => ({ fulfilmentStatus, deliveryMethod: 'pickup' as const });

/** Every legal move, written out by hand: anything not here must be refused. */
const LEGAL: Record<'shipping' | 'pickup', Array<[FulfilmentStatus, FulfilmentTarget]>> = {
  shipping: [
    ['placed', 'processing'],
    ['placed', 'cancelled'],
    ['processing', 'shipped'],
    ['processing', 'cancelled'],
  ],
  pickup: [
    ['placed', 'processing'],
    ['placed', 'cancelled'],
    ['processing', 'ready_for_pickup'],
    ['processing', 'cancelled'],
    ['ready_for_pickup', 'picked_up'],
    ['ready_for_pickup', 'cancelled'],
  ],
};

describe('decideFulfilment', () => {
  for (const method of ['shipping', 'pickup'] as const) {
    // A shipping order is never ready for pick-up or picked up, a pick-up order never shipped.
    const reachable = FULFILMENT_STATUSES.filter((status) => !(method === 'shipping' ? ['ready_for_pickup', 'picked_up'] : ['shipped']).includes(status));
    for (const from of reachable) {
      for (const to of FULFILMENT_TARGETS) {
        const legal = LEGAL[method].some(([a, b]) => a === from && b === to);
        const expected = from === to ? 'unchanged' : legal ? 'move' : 'refused';
        it(`${method} order, ${from} → ${to}: ${expected}`, () => {
          const decision = decideFulfilment({ fulfilmentStatus: from, deliveryMethod: method }, to, tracked);
          expect(decision.outcome).toBe(expected);
          if (expected === 'move') expect(decision).toEqual({ outcome: 'move', from, to });
        });
      }
    }
  }

  it('says why a move is refused', () => {
    const reason = (order: ReturnType<typeof shipping>, to: FulfilmentTarget) => {
      const decision = decideFulfilment(order, to, tracked);
      return decision.outcome === 'refused' ? decision.reason : decision.outcome;
    };
    expect(reason(shipping('shipped'), 'cancelled')).toBe('final');
    expect(reason(pickup('picked_up'), 'cancelled')).toBe('final');
    expect(reason(shipping('cancelled'), 'processing')).toBe('final');
    expect(reason(shipping('placed'), 'shipped')).toBe('notYet');
    expect(reason(pickup('placed'), 'picked_up')).toBe('notYet');
    expect(reason(pickup('processing'), 'picked_up')).toBe('notYet');
    expect(reason(pickup('ready_for_pickup'), 'processing')).toBe('backwards');
    expect(reason(pickup('processing'), 'shipped')).toBe('wrongDelivery');
    expect(reason(shipping('processing'), 'ready_for_pickup')).toBe('wrongDelivery');
    expect(reason(shipping('processing'), 'picked_up')).toBe('wrongDelivery');
  });

  it('ships only with a carrier and a tracking number', () => {
    const refused = { outcome: 'refused', reason: 'trackingRequired', from: 'processing', to: 'shipped' };
    expect(decideFulfilment(shipping('processing'), 'shipped')).toEqual(refused);
    expect(decideFulfilment(shipping('processing'), 'shipped', { carrier: 'UPS', trackingNumber: '  ' })).toEqual(refused);
    expect(decideFulfilment(shipping('processing'), 'shipped', { carrier: null, trackingNumber: '1Z1' })).toEqual(refused);
    expect(decideFulfilment(shipping('processing'), 'shipped', tracked)).toEqual({ outcome: 'move', from: 'processing', to: 'shipped' });
  });

  it('answers a repeated move as unchanged, even a final one, and whatever the details', () => {
    expect(decideFulfilment(shipping('shipped'), 'shipped')).toEqual({ outcome: 'unchanged' });
    expect(decideFulfilment(shipping('cancelled'), 'cancelled')).toEqual({ outcome: 'unchanged' });
  });
});

describe('FULFILMENT_TRANSITIONS', () => {
  it('has final statuses with no way out, and never leads back to placed', () => {
    expect(FULFILMENT_TRANSITIONS.shipped).toEqual([]);
    expect(FULFILMENT_TRANSITIONS.picked_up).toEqual([]);
    expect(FULFILMENT_TRANSITIONS.cancelled).toEqual([]);
    for (const targets of Object.values(FULFILMENT_TRANSITIONS)) expect(targets).not.toContain('placed');
  });

  it('offers only the steps that fit the way of delivery', () => {
    expect(nextFulfilmentSteps(shipping('processing'))).toEqual(['shipped', 'cancelled']);
    expect(nextFulfilmentSteps(pickup('processing'))).toEqual(['ready_for_pickup', 'cancelled']);
    expect(nextFulfilmentSteps(pickup('ready_for_pickup'))).toEqual(['picked_up', 'cancelled']);
    expect(nextFulfilmentSteps(shipping('shipped'))).toEqual([]);
  });
});

describe('paymentStepFor', () => {
  /** Every payment change, written out by hand (the Terms of Sale): anything not here leaves the payment as it is. */
  const CHANGES: Array<[PaymentStatus, FulfilmentTarget, ReturnType<typeof paymentStepFor>]> = [
    ['authorized', 'shipped', { step: 'capture', becomes: 'captured' }],
    ['authorized', 'ready_for_pickup', { step: 'capture', becomes: 'captured' }],
    // Made ready for pick-up before payments were captured: charged when collected.
    ['authorized', 'picked_up', { step: 'capture', becomes: 'captured' }],
    ['authorized', 'cancelled', { step: 'void', becomes: 'voided' }],
    ['captured', 'cancelled', { step: 'refund', becomes: 'refunded' }],
  ];
  for (const payment of PAYMENT_STATUSES) {
    for (const to of FULFILMENT_TARGETS) {
      const expected = CHANGES.find(([from, target]) => from === payment && target === to)?.[2] ?? null;
      it(`${payment}, moved to ${to}: ${expected ? `${expected.step} → ${expected.becomes}` : 'unchanged'}`, () => {
        expect(paymentStepFor(payment, to)).toEqual(expected);
      });
    }
  }

  it('charges a card once: an order already captured is never captured again, and one released or refunded never charged', () => {
    for (const to of ['shipped', 'ready_for_pickup', 'picked_up'] as const) {
      expect(paymentStepFor('captured', to)).toBeNull();
      expect(paymentStepFor('voided', to)).toBeNull();
      expect(paymentStepFor('refunded', to)).toBeNull();
    }
    expect(paymentStepFor('authorized', 'processing')).toBeNull();
  });
});

describe('trackingUrl', () => {
  it("links to the carrier's tracking page for UPS, FedEx, USPS and DHL, whatever the case", () => {
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('fedex', '123456789012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(trackingUrl('FedEx', '1234 5678 9012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(trackingUrl('USPS', '9400111899223197428490')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490');
    expect(trackingUrl('DHL', '1234567890')).toBe('https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=1234567890');
  });

  it('gives no link for another carrier, a missing number or one that could carry more than a number', () => {
    expect(trackingUrl('Golden State Couriers', '12345')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl(null, '1Z999')).toBeNull();
    expect(trackingUrl('UPS', '1Z9&x=<script>')).toBeNull();
  });
});
