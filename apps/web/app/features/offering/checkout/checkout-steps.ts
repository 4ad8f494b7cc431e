import type { DeliveryInput, DeliveryMethod } from '@winery/domain';

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
