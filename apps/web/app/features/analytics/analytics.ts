/**
 * The analytics sink. No third-party script is loaded yet: every call is announced as a
 * `winery:analytics` DOM event (browser tests listen to it) and tracks go to `window.dataLayer`,
 * where a tag manager can pick them up later.
 */
export type AnalyticsCallType = 'track' | 'identify' | 'reset';

export interface AnalyticsDetail {
  type: AnalyticsCallType;
  event?: string;
  userId?: string;
  properties?: Record<string, unknown>;
}

export const ANALYTICS_EVENT = 'winery:analytics';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Keys that must never leave the browser, whatever a caller passes in. */
const REDACTED_KEYS = /pass(word)?|cvv|card.?number|token/i;

function sanitize(properties?: object): Record<string, unknown> | undefined {
  if (!properties) return undefined;
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !REDACTED_KEYS.test(key)));
}

function emit(detail: AnalyticsDetail): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<AnalyticsDetail>(ANALYTICS_EVENT, { detail }));
}

export function pushToDataLayer(entry: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}

export function track(event: string, properties?: object): void {
  const clean = sanitize(properties);
  emit({ type: 'track', event, properties: clean });
  pushToDataLayer({ event, ...clean });
}

export function identify(userId: string): void {
  emit({ type: 'identify', userId });
}

export function reset(): void {
  emit({ type: 'reset' });
}

export const analytics = { track, identify, reset };
