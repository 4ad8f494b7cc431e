import type { LinkPurpose } from '../db/schema/index.js';

/**
 * Where each e-mailed link opens on the site; the token is the last path segment. Shared: the
 * links module builds links with it, and log redaction (log-redaction.ts) strips what follows it.
 */
export const LINK_PATHS = {
  login: '/login-by-link/',
  account: '/account-link/',
  allocation: '/allocation-link/',
  'reset-password': '/reset-password/',
  'create-password': '/create-password/',
} as const satisfies Record<LinkPurpose, string>;
