import type { FulfilmentStatus, PaymentStatus } from '@winery/domain';
import type { BadgeTone } from '../../components/status-badge';

/** How each fulfilment status reads at a glance (always with its words). */
export const FULFILMENT_TONE: Record<FulfilmentStatus, BadgeTone> = {
  placed: 'attention',
  processing: 'neutral',
  shipped: 'positive',
  ready_for_pickup: 'neutral',
  picked_up: 'positive',
  cancelled: 'negative',
};

export const PAYMENT_TONE: Record<PaymentStatus, BadgeTone> = {
  authorized: 'neutral',
  captured: 'positive',
  voided: 'quiet',
  refunded: 'quiet',
};
