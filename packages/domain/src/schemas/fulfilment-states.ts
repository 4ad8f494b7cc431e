/** The states an order goes through after it was placed (the rules are ordering/order-fulfilment.ts). */
export const FULFILMENT_STATUSES = ['placed', 'processing', 'shipped', 'ready_for_pickup', 'picked_up', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The statuses staff may move an order to ('placed' is where every order starts, never a target). */
export const FULFILMENT_TARGETS = ['processing', 'shipped', 'ready_for_pickup', 'picked_up', 'cancelled'] as const;
export type FulfilmentTarget = (typeof FULFILMENT_TARGETS)[number];

export const PAYMENT_STATUSES = ['authorized', 'voided', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
