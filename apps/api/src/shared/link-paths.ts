import { UNSUBSCRIBE_PATH } from '@winery/domain';
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

/**
 * Every site path whose last segment is a token: the e-mailed links above, and unsubscribe links
 * (a signed token, stored nowhere, that turns one kind of a member's e-mail off; issue 15). Log
 * redaction strips what follows each of them.
 */
export const TOKEN_PATHS: readonly string[] = [...Object.values(LINK_PATHS), UNSUBSCRIBE_PATH];
