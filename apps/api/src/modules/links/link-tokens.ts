import { createHash, randomBytes } from 'node:crypto';
import { HOUR_MS, MINUTE_MS } from '@winery/domain';
import type { LinkPurpose } from '../../db/schema/index.js';
import { LINK_PATHS } from '../../shared/link-paths.js';
import { secretLink, type SecretLink } from '../mail/templates/secret-link.js';

/** 256 random bits: far beyond guessing, even with every exchange attempt allowed. */
const TOKEN_BYTES = 32;

/**
 * How long each kind of e-mailed link works. Sign-in links are minutes, not days: whoever reads
 * the mailbox later (a shared computer, a forwarded message) must not find a working sign-in.
 * Allocation links have no fixed lifetime: they last until the offering's grace window ends.
 */
export const LINK_LIFETIME_MS = {
  login: 15 * MINUTE_MS,
  'reset-password': 30 * MINUTE_MS,
  'create-password': 72 * HOUR_MS,
  account: 72 * HOUR_MS,
} as const satisfies Partial<Record<LinkPurpose, number>>;

/** The link as a mail template takes it: the token marked secret, so it is never stored in a body. */
export const linkUrl = (purpose: LinkPurpose, token: string): SecretLink => secretLink(LINK_PATHS[purpose], token);

/**
 * Only this digest is stored. A fast hash is enough because the token is random, not chosen by
 * a person: there is no dictionary to try, and a database leak yields no working link.
 */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new random token (base64url, URL-safe without escaping) and the digest to store. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}
