import { DAY_MS } from './time.js';

/**
 * Business constants of specification §9. Every timing or limit the product uses is named here
 * once, so the API, the web app and the tests agree on it.
 */

/** A member's session lasts 90 days (7 776 000 000 ms) from sign-in. */
export const SESSION_TTL_MS = 90 * DAY_MS;

/** After an offering ends, members who ordered keep seeing their thank-you state this long. */
export const ALLOCATION_GRACE_DAYS = 30;
export const ALLOCATION_GRACE_MS = ALLOCATION_GRACE_DAYS * DAY_MS;

/** Server data is fresh for 30 s and kept in cache for 5 min; retries back off up to 30 s. */
export const QUERY_STALE_TIME_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;
export const QUERY_RETRY_DELAY_CAP_MS = 30_000;

/** Toasts close by themselves after 3 s. */
export const TOAST_DURATION_MS = 3_000;

export const DEFAULT_MINIMUM_AGE = 21;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const BOTTLE_ID_LENGTH = 8;
export const MIN_TEXT_LENGTH = 3;
export const MIN_DAYS_AHEAD = 1;

/** Where the browser keeps the session (local storage first, then session storage). */
export const STORAGE_KEYS = {
  token: 'token',
  expiry: 'expiry',
  cartId: 'cartId',
} as const;

export const LOGIN_PATH = '/login';
export const SIGN_UP_PATH = '/allocation';
/** Where a member lands when the offering skips its letter (seed §9: skip-letter default destination). */
export const SKIP_LETTER_DESTINATION = '/allocation';

export const IN_HOUSE_INVENTORY_LOCATIONS = 2;

/** Navigation timings (seed §2, §9). */
export const ROUTE_CHANGE_EVENT_DEFAULT = 'gatsby-route-change';
export const ROUTE_CHANGE_EVENT_DELAY_MS = 50;
export const PAGE_VIEW_DELAY_DEFAULT_MS = 50;
export const ANALYTICS_LOAD_DELAY_MS = 2_000;
export const PREFETCH_BATCH_SIZE = 4;
export const PREFETCH_INTERVAL_MS = 3_000;
export const PAGE_DATA_RETRIES = 3;

/** Error reporting sampling (seed §7). */
export const ERROR_REPORTING = {
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;
