import { describe, expect, it } from 'vitest';
import type { Address, Card } from '@winery/domain';
import {
  checksDelivery,
  defaultChoices,
  deliveryOf,
  EMPTY_CHOICES,
  missingChoice,
  nextStep,
  previousStep,
  reachableStep,
  shippingAddressFor,
  stepsFor,
  type CheckoutChoices,
} from './checkout-steps';

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

const address = (id: string, countryCode: string, defaults: Partial<Pick<Address, 'isDefaultShipping' | 'isDefaultBilling'>> = {}): Address => ({
  id,
  address1: '1 Vineyard Lane',
  address2: null,
  city: 'Oakville',
  stateCode: null,
  zipCode: '94562',
  countryCode,
  recipientName: null,
  phone: null,
  isDefaultShipping: false,
  isDefaultBilling: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...defaults,
});
const card = (id: string, preferred: boolean): Card => ({
  id,
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  cardHolderName: 'Sofia Marchetti',
  preferred,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('the choices a checkout starts with', () => {
  it('ships to the default shipping address, bills the default billing one and pays with the preferred card', () => {
    const addresses = [address('a', 'US'), address('b', 'CA', { isDefaultShipping: true }), address('c', 'US', { isDefaultBilling: true })];
    const choices = defaultChoices(addresses, [card('x', false), card('y', true)], { pickupLocations: [] });
    expect(choices).toEqual({
      method: 'shipping',
      countryCode: 'CA',
      shippingAddressId: 'b',
      locationId: null,
      billingAddressId: 'c',
      payment: { kind: 'saved', cardId: 'y' },
    });
  });

  it('falls back to the first address and card, and picks the only pick-up location', () => {
    const choices = defaultChoices([address('a', 'US'), address('b', 'US')], [card('x', false)], {
      pickupLocations: [{ id: LOCATION, name: 'The winery', address: '1 Vineyard Lane, Oakville', hours: 'Daily 10–4' }],
    });
    expect(choices).toMatchObject({ shippingAddressId: 'a', billingAddressId: 'a', locationId: LOCATION, payment: { kind: 'saved', cardId: 'x' } });
  });

  it('starts a member without addresses or cards in the United States with a new card', () => {
    expect(defaultChoices([], [], { pickupLocations: [] })).toMatchObject({
      countryCode: 'US',
      shippingAddressId: null,
      billingAddressId: null,
      payment: { kind: 'new' },
    });
  });
});

describe('starting where the winery can ship', () => {
  const served = { countries: ['CA', 'US'], deliverable: (item: Address) => item.countryCode !== 'JP' && item.stateCode !== 'UT' };

  it('passes over a default shipping address it cannot ship to, and still bills it', () => {
    const utah = { ...address('ut', 'US', { isDefaultShipping: true, isDefaultBilling: true }), stateCode: 'UT' };
    const choices = defaultChoices([utah, address('ca', 'CA')], [], { pickupLocations: [] }, served);
    expect(choices).toMatchObject({ method: 'shipping', countryCode: 'CA', shippingAddressId: 'ca', billingAddressId: 'ut' });
  });

  it('with only undeliverable addresses, starts in the United States with none chosen', () => {
    expect(defaultChoices([address('jp', 'JP', { isDefaultShipping: true })], [], { pickupLocations: [] }, served)).toMatchObject({
      countryCode: 'US',
      shippingAddressId: null,
      billingAddressId: 'jp',
    });
    expect(defaultChoices([], [], { pickupLocations: [] }, { ...served, countries: ['GB'] })).toMatchObject({ countryCode: 'GB' });
  });

  it('offers a pick-up first when nothing can be shipped', () => {
    const pickupLocations = [{ id: LOCATION, name: 'The winery', address: '1 Vineyard Lane, Oakville', hours: 'Daily 10–4' }];
    expect(defaultChoices([], [], { pickupLocations }, { countries: [], deliverable: () => false })).toMatchObject({ method: 'pickup', countryCode: null, locationId: LOCATION });
  });

  it('never moves to an address it cannot ship to when the country changes', () => {
    const utah = { ...address('ut', 'US', { isDefaultShipping: true }), stateCode: 'UT' };
    expect(shippingAddressFor('US', [utah, address('ny', 'US')], null, served.deliverable)).toBe('ny');
    expect(shippingAddressFor('US', [utah], 'ut', served.deliverable)).toBeNull();
  });
});

describe('changing the country', () => {
  const addresses = [address('us-1', 'US'), address('us-2', 'US', { isDefaultShipping: true }), address('ca-1', 'CA'), address('fr-1', 'FR')];

  it('keeps the chosen address when it is in that country', () => {
    expect(shippingAddressFor('US', addresses, 'us-1')).toBe('us-1');
  });

  it("takes that country's default, else its only address, else none", () => {
    expect(shippingAddressFor('US', addresses, 'ca-1')).toBe('us-2');
    expect(shippingAddressFor('CA', addresses, 'us-1')).toBe('ca-1');
    expect(shippingAddressFor('DE', addresses, 'us-1')).toBeNull();
  });
});

describe('going on from a step', () => {
  it('names what the step still lacks', () => {
    expect(missingChoice('delivery', { ...EMPTY_CHOICES, method: 'pickup' })).toBe('selectPickupLocation');
    expect(missingChoice('delivery', { ...EMPTY_CHOICES, method: 'pickup', locationId: LOCATION })).toBeNull();
    expect(missingChoice('delivery', { ...EMPTY_CHOICES, method: 'shipping' })).toBe('countryRequired');
    expect(missingChoice('address', { ...shipping, shippingAddressId: null })).toBe('selectAddress');
    expect(missingChoice('billing', { ...shipping, billingAddressId: null })).toBe('selectAddress');
    expect(missingChoice('payment', { ...shipping, payment: null })).toBe('selectCard');
    for (const step of stepsFor('shipping')) expect(missingChoice(step, shipping)).toBeNull();
  });

  it('asks the server about the delivery after the shipping address, or after choosing a pick-up', () => {
    expect(stepsFor('shipping').filter((step) => checksDelivery(step, shipping))).toEqual(['address']);
    const pickup = { ...shipping, method: 'pickup' as const, locationId: LOCATION };
    expect(stepsFor('pickup').filter((step) => checksDelivery(step, pickup))).toEqual(['delivery']);
  });
});
