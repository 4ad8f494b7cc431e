import type { Address, Card, DeliveryInput, DeliveryMethod, Offering } from '@winery/domain';

/** The checkout's steps in order; shipping has one more (where to) than pick-up. */
export const CHECKOUT_STEPS = ['delivery', 'address', 'billing', 'payment', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export type PaymentChoice = { kind: 'saved'; cardId: string } | { kind: 'new' };

/** What the member has chosen so far; the card's digits are kept apart (in memory only). */
export interface CheckoutChoices {
  method: DeliveryMethod | null;
  countryCode: string | null;
  locationId: string | null;
  shippingAddressId: string | null;
  billingAddressId: string | null;
  payment: PaymentChoice | null;
}

export const EMPTY_CHOICES: CheckoutChoices = {
  method: null,
  countryCode: null,
  locationId: null,
  shippingAddressId: null,
  billingAddressId: null,
  payment: null,
};

/** Where a member without a saved address is assumed to live until they say otherwise. */
export const DEFAULT_COUNTRY = 'US';

/** Whether a saved address can be shipped to (the destinations the rate tables serve). */
export type Deliverable = (address: Address) => boolean;

/**
 * The first choices: the default shipping address (or else the first) the winery can ship to and
 * its country, default billing, the preferred card. With no country to ship to, a pick-up.
 */
export function defaultChoices(
  addresses: readonly Address[],
  cards: readonly Card[],
  offering: Pick<Offering, 'pickupLocations'>,
  served: { countries: readonly string[]; deliverable: Deliverable } = { countries: [DEFAULT_COUNTRY], deliverable: () => true },
): CheckoutChoices {
  const deliverable = addresses.filter(served.deliverable);
  const shipping = deliverable.find((address) => address.isDefaultShipping) ?? deliverable[0];
  const billing = addresses.find((address) => address.isDefaultBilling) ?? shipping ?? addresses[0];
  const card = cards.find((item) => item.preferred) ?? cards[0];
  const canShip = served.countries.length > 0;
  const fallbackCountry = served.countries.includes(DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : (served.countries[0] ?? null);
  return {
    ...EMPTY_CHOICES,
    method: canShip || offering.pickupLocations.length === 0 ? 'shipping' : 'pickup',
    countryCode: shipping?.countryCode ?? fallbackCountry,
    shippingAddressId: shipping?.id ?? null,
    locationId: offering.pickupLocations.length === 1 ? (offering.pickupLocations[0]?.id ?? null) : null,
    billingAddressId: billing?.id ?? null,
    payment: card ? { kind: 'saved', cardId: card.id } : { kind: 'new' },
  };
}

/**
 * The shipping address once the member picks another country: the chosen one if it is there,
 * else that country's default shipping address, else its only address, else none; only among the
 * addresses the winery can ship to.
 */
export function shippingAddressFor(
  countryCode: string,
  addresses: readonly Address[],
  currentId: string | null,
  deliverable: Deliverable = () => true,
): string | null {
  const inCountry = addresses.filter((address) => address.countryCode === countryCode && deliverable(address));
  const keep = inCountry.find((address) => address.id === currentId);
  const pick = keep ?? inCountry.find((address) => address.isDefaultShipping) ?? (inCountry.length === 1 ? inCountry[0] : undefined);
  return pick?.id ?? null;
}

/** What a step still lacks before the member may go on, as a `validation` message key; null when nothing. */
export function missingChoice(step: CheckoutStep, choices: CheckoutChoices): 'selectPickupLocation' | 'countryRequired' | 'selectAddress' | 'selectCard' | null {
  switch (step) {
    case 'delivery':
      if (choices.method === 'pickup') return choices.locationId ? null : 'selectPickupLocation';
      return choices.countryCode ? null : 'countryRequired';
    case 'address':
    case 'billing':
      return (step === 'address' ? choices.shippingAddressId : choices.billingAddressId) ? null : 'selectAddress';
    case 'payment':
      return choices.payment ? null : 'selectCard';
    case 'review':
      return null;
  }
}

/** Whether leaving a step asks the server first: a quote also says whether it can deliver there. */
export const checksDelivery = (step: CheckoutStep, choices: CheckoutChoices): boolean =>
  step === 'address' || (step === 'delivery' && choices.method === 'pickup');

export const isCheckoutStep = (value: string | null | undefined): value is CheckoutStep =>
  (CHECKOUT_STEPS as readonly string[]).includes(value ?? '');

export function stepsFor(method: DeliveryMethod | null): CheckoutStep[] {
  return method === 'pickup' ? CHECKOUT_STEPS.filter((step) => step !== 'address') : [...CHECKOUT_STEPS];
}

/** The delivery the API is asked to quote and to use, once the choices make one. */
export function deliveryOf(choices: CheckoutChoices): DeliveryInput | null {
  if (choices.method === 'pickup') {
    return choices.locationId ? { method: 'pickup', locationId: choices.locationId } : null;
  }
  if (choices.method === 'shipping' && choices.countryCode && choices.shippingAddressId) {
    return { method: 'shipping', countryCode: choices.countryCode, shippingAddressId: choices.shippingAddressId };
  }
  return null;
}

/** Whether a step has what it needs; a new card counts once its fields were accepted (`newCardReady`). */
export function isStepComplete(step: CheckoutStep, choices: CheckoutChoices, newCardReady: boolean): boolean {
  switch (step) {
    case 'delivery':
      return choices.method === 'pickup' ? Boolean(choices.locationId) : choices.method === 'shipping' && Boolean(choices.countryCode);
    case 'address':
      return choices.method !== 'shipping' || Boolean(choices.shippingAddressId);
    case 'billing':
      return Boolean(choices.billingAddressId);
    case 'payment':
      return choices.payment?.kind === 'saved' || (choices.payment?.kind === 'new' && newCardReady);
    case 'review':
      return false;
  }
}

/**
 * The step to show for the one asked for (in the address): itself when every step before it is
 * complete, else the first incomplete one. A reload or a hand-typed address never skips a step.
 */
export function reachableStep(requested: CheckoutStep | null, choices: CheckoutChoices, newCardReady: boolean): CheckoutStep {
  const steps = stepsFor(choices.method);
  const target = requested && steps.includes(requested) ? requested : 'delivery';
  for (const step of steps) {
    if (step === target) return step;
    if (!isStepComplete(step, choices, newCardReady)) return step;
  }
  return target;
}

export function nextStep(step: CheckoutStep, method: DeliveryMethod | null): CheckoutStep {
  const steps = stepsFor(method);
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)] ?? 'review';
}

export function previousStep(step: CheckoutStep, method: DeliveryMethod | null): CheckoutStep | null {
  const steps = stepsFor(method);
  const index = steps.indexOf(step);
  return index > 0 ? (steps[index - 1] ?? null) : null;
}
