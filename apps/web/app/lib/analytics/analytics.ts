/**
 * The analytics adapter. Every call is announced as a `winery:analytics` DOM event (browser tests
 * listen to it), tracks also go to `window.dataLayer` for a tag manager, and, when the operator
 * configured a write key (/site-config.json), every call goes to a Segment-style `window.analytics`:
 * a snippet-style queue until the library (loaded 2 s after start) takes over and replays it.
 * Nothing third-party loads without a key.
 */
import type { SiteConfig } from '@winery/domain';
import { loadScript } from '../site-config/site-config';

export type AnalyticsCallType = 'track' | 'identify' | 'reset' | 'page';

export interface AnalyticsDetail {
  type: AnalyticsCallType;
  event?: string;
  userId?: string;
  properties?: Record<string, unknown>;
}

export const ANALYTICS_EVENT = 'winery:analytics';

type ProviderMethod = 'page' | 'track' | 'identify' | 'reset';
const PROVIDER_METHODS: ProviderMethod[] = ['page', 'track', 'identify', 'reset'];

/** What a Segment-style library offers (the subset this product uses). */
export type AnalyticsProvider = Record<ProviderMethod, (...args: unknown[]) => unknown>;

/** Segment's snippet contract: calls queued as [method, ...args]; the library drains them on load. */
type ProviderQueue = unknown[][] & Partial<AnalyticsProvider> & { _writeKey?: string; SNIPPET_VERSION?: string };

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    analytics?: ProviderQueue | AnalyticsProvider;
  }
}

/** Keys that must never leave the browser, whatever a caller passes in. */
const REDACTED_KEYS = /pass(word)?|cvv|card.?number|token|secret/i;
/** A signed token (three base64url parts) is dropped wherever it appears as a value. */
const TOKEN_VALUE = /^[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}$/;
/** Paths whose last segment is a one-time secret (seed §2 link routes). */
const SECRET_PATH = /^(\/(?:account-link|allocation-link|login-by-link|magic-link|reset-password|create-password))\/[^/?#]+/;

export function sanitize(properties?: object): Record<string, unknown> | undefined {
  if (!properties) return undefined;
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key, inner]) => !REDACTED_KEYS.test(key) && !(typeof inner === 'string' && TOKEN_VALUE.test(inner)))
          .map(([key, inner]) => [key, clean(inner)]),
      );
    }
    return value;
  };
  return clean(properties) as Record<string, unknown>;
}

/** A path fit for analytics: one-time link tokens replaced. */
export const redactPath = (path: string): string => path.replace(SECRET_PATH, '$1/[redacted]');

let providerState: 'unknown' | 'off' | 'on' = 'unknown';
/** Calls made before the settings are known; dropped if analytics turns out to be off. */
const early: [ProviderMethod, unknown[]][] = [];
let userId: string | null = null;

function emit(detail: AnalyticsDetail): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<AnalyticsDetail>(ANALYTICS_EVENT, { detail }));
}

function toProvider(method: ProviderMethod, args: unknown[]): void {
  if (typeof window === 'undefined' || providerState === 'off') return;
  if (providerState === 'unknown') {
    early.push([method, args]);
    return;
  }
  const provider = window.analytics;
  if (provider && typeof provider[method] === 'function') provider[method](...args);
}

function installQueue(writeKey: string): void {
  if (window.analytics && !Array.isArray(window.analytics)) return;
  const queue: ProviderQueue = (window.analytics as ProviderQueue | undefined) ?? ([] as unknown as ProviderQueue);
  for (const method of PROVIDER_METHODS) {
    queue[method] = (...args: unknown[]) => {
      queue.push([method, ...args]);
      return queue;
    };
  }
  queue._writeKey = writeKey;
  queue.SNIPPET_VERSION = '4.15.3';
  window.analytics = queue;
}

/**
 * Turns the provider on or off once the settings are known. `loadInMs` is what is left of the
 * 2 s delay after start (seed §7): the library must not compete with the first page's own work.
 */
export function startAnalytics(settings: SiteConfig['analytics'], loadInMs: number): void {
  if (typeof window === 'undefined' || providerState !== 'unknown') return;
  if (!settings?.writeKey) {
    providerState = 'off';
    early.length = 0;
    return;
  }
  installQueue(settings.writeKey);
  providerState = 'on';
  for (const [method, args] of early.splice(0)) toProvider(method, args);
  window.setTimeout(() => {
    loadScript(settings.scriptUrl).catch(() => {
      // An ad blocker or a network failure: the site works the same without analytics.
    });
  }, Math.max(0, loadInMs));
}

/** The commerce platform's user id (the customer id) sent with every event while signed in. */
export function setAnalyticsUser(id: string | null): void {
  userId = id;
}
export const getAnalyticsUser = (): string | null => userId;

const withUser = (properties?: Record<string, unknown>) => (userId ? { ...properties, userId } : properties);

export function pushToDataLayer(entry: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}

export function track(event: string, properties?: object): void {
  const clean = withUser(sanitize(properties));
  emit({ type: 'track', event, properties: clean });
  pushToDataLayer({ event, ...clean });
  toProvider('track', [event, clean ?? {}]);
}

export interface PageViewProperties {
  path: string;
  /** Whether the visitor came from another page of this site in this visit (seed §1). */
  hasPreviousLocation: boolean;
  referrer?: string;
  search?: string;
  title?: string;
}

export function page(properties: PageViewProperties): void {
  const clean = withUser(
    sanitize({
      ...properties,
      path: redactPath(properties.path),
      referrer: properties.referrer === undefined ? undefined : redactPath(properties.referrer),
      url: typeof window === 'undefined' ? undefined : window.location.origin + redactPath(properties.path),
    }),
  );
  emit({ type: 'page', properties: clean });
  toProvider('page', [clean]);
}

export function identify(id: string): void {
  userId = id;
  emit({ type: 'identify', userId: id });
  toProvider('identify', [id]);
}

export function reset(): void {
  userId = null;
  emit({ type: 'reset' });
  toProvider('reset', []);
}

/** Test seam: back to the state of a fresh page load. */
export function resetAnalyticsForTests(): void {
  providerState = 'unknown';
  early.length = 0;
  userId = null;
}

export const analytics = { track, identify, reset, page };
