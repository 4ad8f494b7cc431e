import { ApiError } from './api-error.js';
import { API_MESSAGES } from './api-messages.js';

/**
 * A member reaches only their own records. Checked before any look-up, so the answer is the same
 * whether the other id exists or not.
 */
export function assertOwnCustomer(signedInCustomerId: string, requestedCustomerId: string): void {
  if (signedInCustomerId !== requestedCustomerId) throw new ApiError('forbidden', API_MESSAGES.otherCustomer);
}
