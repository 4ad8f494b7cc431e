import type { KeyObject } from 'node:crypto';
import { DAY_MS, MAIL_PREFERENCES, type MailPreference } from '@winery/domain';
import { createSignedIdTokens } from './signed-id-tokens.js';

/**
 * How long the unsubscribe link of a message works. Well past the 30 days the law of many
 * countries asks (CAN-SPAM), and long enough for a letter read weeks later; after it the page
 * asks the member to sign in, where the same switches are.
 */
export const UNSUBSCRIBE_LINK_LIFETIME_MS = 90 * DAY_MS;

/**
 * What an unsubscribe token says: one member, one kind of e-mail, until when. A member's id is
 * unique across tenants, so it names their producer too; the token stays short enough for any
 * URL (a long tenant slug inside it would not be).
 */
export interface UnsubscribeClaim {
  customerId: string;
  preference: MailPreference;
  expiresAt: Date;
}

// A fixed label, so this key never equals one derived from the same secret for another use
// (the mail queue's link secrets and the place-in-line links use their own).
const HKDF_INFO = 'aldermoor/unsubscribe-token/hmac-sha256/v1';
const HKDF_SALT = 'aldermoor unsubscribe links';

/**
 * Unsubscribe links (issue 15) carry a signed token that is stored nowhere (signed-id-tokens.ts):
 * the kind of e-mail, the expiry and the member id. It can do one thing only — turn that one kind
 * of e-mail of that one member off, or on again — so it is never a way to sign in.
 */
export function createUnsubscribeTokens(secret: KeyObject | Buffer) {
  const tokens = createSignedIdTokens(secret, { purposes: MAIL_PREFERENCES, salt: HKDF_SALT, info: HKDF_INFO });
  return {
    issue: (claim: UnsubscribeClaim): string =>
      tokens.issue({ id: claim.customerId, purpose: claim.preference, expiresAt: claim.expiresAt }),

    /** The claim of a valid, unexpired token; null for anything else, one answer for every failure. */
    read(token: string, at: Date): UnsubscribeClaim | null {
      const claim = tokens.read(token, at);
      return claim && { customerId: claim.id, preference: claim.purpose, expiresAt: claim.expiresAt };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
