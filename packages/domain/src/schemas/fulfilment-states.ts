/** The states an order goes through after it was placed (the rules are ordering/order-fulfilment.ts). */
export const FULFILMENT_STATUSES = ['placed', 'processing', 'shipped', 'ready_for_pickup', 'picked_up', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The statuses staff may move an order to ('placed' is where every order starts, never a target). */
export const FULFILMENT_TARGETS = ['processing', 'shipped', 'ready_for_pickup', 'picked_up', 'cancelled'] as const;
export type FulfilmentTarget = (typeof FULFILMENT_TARGETS)[number];

/**
 * An order's payment (the rules are ordering/order-fulfilment.ts): authorized when it is placed
 * (a hold on the card), captured (charged) when it ships or is ready for pick-up, voided (the hold
 * released) or refunded (the charge given back) when it is cancelled.
 */
export const PAYMENT_STATUSES = ['authorized', 'captured', 'voided', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
