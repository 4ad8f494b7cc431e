import { describe, expect, it } from 'vitest';
import { deliveryOf, EMPTY_CHOICES, nextStep, previousStep, reachableStep, stepsFor, type CheckoutChoices } from './checkout-steps';

const ADDRESS = '00000000-0000-4000-8000-000000000001';
const LOCATION = '00000000-0000-4000-8000-000000000002';
const CARD = '00000000-0000-4000-8000-000000000003';

const shipping: CheckoutChoices = {
  ...EMPTY_CHOICES,
  method: 'shipping',
  countryCode: 'US',
  shippingAddressId: ADDRESS,
  billingAddressId: ADDRESS,
  payment: { kind: 'saved', cardId: CARD },
};

describe('checkout steps', () => {
  it('has five steps for shipping and four for a pick-up', () => {
    expect(stepsFor('shipping')).toEqual(['delivery', 'address', 'billing', 'payment', 'review']);
    expect(stepsFor('pickup')).toEqual(['delivery', 'billing', 'payment', 'review']);
    expect(nextStep('delivery', 'pickup')).toBe('billing');
    expect(previousStep('billing', 'pickup')).toBe('delivery');
    expect(previousStep('billing', 'shipping')).toBe('address');
    expect(previousStep('delivery', 'shipping')).toBeNull();
    expect(nextStep('review', 'shipping')).toBe('review');
  });

  it('never skips an incomplete step, whatever the address asks for', () => {
    expect(reachableStep('review', shipping, false)).toBe('review');
    expect(reachableStep('review', { ...shipping, shippingAddressId: null }, false)).toBe('address');
    expect(reachableStep('payment', { ...shipping, billingAddressId: null }, false)).toBe('billing');
    expect(reachableStep('review', { ...shipping, payment: { kind: 'new' } }, false)).toBe('payment');
    expect(reachableStep('review', { ...shipping, payment: { kind: 'new' } }, true)).toBe('review');
    expect(reachableStep(null, shipping, false)).toBe('delivery');
    // A pick-up has no shipping address step: asking for it lands on the first step.
    expect(reachableStep('address', { ...shipping, method: 'pickup', locationId: LOCATION }, false)).toBe('delivery');
  });

  it('makes the delivery the API is asked about', () => {
    expect(deliveryOf(shipping)).toEqual({ method: 'shipping', countryCode: 'US', shippingAddressId: ADDRESS });
    expect(deliveryOf({ ...shipping, method: 'pickup', locationId: LOCATION })).toEqual({ method: 'pickup', locationId: LOCATION });
    expect(deliveryOf({ ...shipping, shippingAddressId: null })).toBeNull();
    expect(deliveryOf({ ...shipping, method: 'pickup' })).toBeNull();
  });
});
