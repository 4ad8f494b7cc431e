import { takeHandover, type Arrival } from '../handover';

/**
 * What the page before handed this one (handover.ts), taken once when the island starts: the
 * navigation's state for `useLocation()`, and the toasts that were still on screen.
 */
export const arrival: Arrival | null = typeof window === 'undefined' ? null : takeHandover(window.location);
