import { ALLOCATION_GRACE_MS } from './constants.js';

/** What a member's current allocation means for the pages they see (seed §4). */
export type AllocationStatus = 'offering' | 'thank-you' | 'allocation-expired' | 'account-info';

export interface AllocationWindow {
  id?: string | null;
  startDate: string | Date;
  endDate: string | Date;
  pendingOrders?: readonly unknown[] | null;
}

const toTime = (value: string | Date): number =>
  value instanceof Date ? value.getTime() : new Date(value).getTime();

/**
 * Decides the allocation status, comparing instants (UTC).
 *
 * - no allocation or no id: account-info;
 * - start <= now <= end: thank-you with pending orders, else offering;
 * - end < now <= end + 30 days: thank-you with pending orders, else allocation-expired;
 * - otherwise (not started yet, or past the grace window): account-info.
 */
export function getAllocationStatus(
  allocation: AllocationWindow | null | undefined,
  now: Date = new Date(),
): AllocationStatus {
  if (!allocation?.id) return 'account-info';
  const start = toTime(allocation.startDate);
  const end = toTime(allocation.endDate);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'account-info';
  const t = now.getTime();
  const hasPendingOrders = (allocation.pendingOrders?.length ?? 0) > 0;
  if (t >= start && t <= end) return hasPendingOrders ? 'thank-you' : 'offering';
  if (t > end && t <= end + ALLOCATION_GRACE_MS) {
    return hasPendingOrders ? 'thank-you' : 'allocation-expired';
  }
  return 'account-info';
}
