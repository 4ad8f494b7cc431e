import { createHmac, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';
import { DAY_MS, MAIL_PREFERENCES, type MailPreference } from '@winery/domain';

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

const VERSION = 1;
const MAC_BYTES = 16;
/** Version, kind, expiry (seconds, 4 bytes), member id (16 bytes): with the MAC, 38 bytes, 51 characters. */
const BODY_BYTES = 1 + 1 + 4 + 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A fixed label, so this key never equals one derived from the same secret for another use
// (the mail queue's link secrets use their own).
const HKDF_INFO = 'aldermoor/unsubscribe-token/hmac-sha256/v1';
const HKDF_SALT = 'aldermoor unsubscribe links';

const keyBytes = (secret: KeyObject | Buffer): Buffer => {
  if (Buffer.isBuffer(secret)) return secret;
  if (secret.type === 'secret') return secret.export();
  if (secret.type === 'private') return secret.export({ format: 'der', type: 'pkcs8' });
  throw new Error('The unsubscribe key must come from a private or secret key, never a public one.');
};

/**
 * Unsubscribe links (issue 15) carry a signed token that is stored nowhere: version, kind of
 * e-mail, expiry and member id, then an HMAC-SHA256 (128 bits kept) under a key derived
 * (HKDF) from the server's token-signing key. It can do one thing only — turn that one kind of
 * e-mail of that one member off, or on again — so it is never a way to sign in, and a database
 * copy holds nothing to forge one with. base64url, so it is a SecretLink token as it is: queued
 * mail keeps it sealed like every other link (mail_queue.link_secrets).
 */
export function createUnsubscribeTokens(secret: KeyObject | Buffer) {
  const key = Buffer.from(hkdfSync('sha256', keyBytes(secret), HKDF_SALT, HKDF_INFO, 32));
  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

  return {
    issue(claim: UnsubscribeClaim): string {
      if (!UUID.test(claim.customerId)) throw new Error('An unsubscribe token names a member by their uuid.');
      const head = Buffer.alloc(6);
      head.writeUInt8(VERSION, 0);
      head.writeUInt8(MAIL_PREFERENCES.indexOf(claim.preference), 1);
      head.writeUInt32BE(Math.floor(claim.expiresAt.getTime() / 1000), 2);
      const body = Buffer.concat([head, Buffer.from(claim.customerId.replace(/-/g, ''), 'hex')]);
      return Buffer.concat([body, mac(body)]).toString('base64url');
    },

    /**
     * The claim of a token this server signed and that has not expired at `at`; null for anything
     * else (altered, cut short, signed under another key, expired). One answer for every failure,
     * so a guesser learns nothing from it.
     */
    read(token: string, at: Date): UnsubscribeClaim | null {
      if (!/^[A-Za-z0-9_-]{51}$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== BODY_BYTES + MAC_BYTES) return null;
      const body = bytes.subarray(0, bytes.length - MAC_BYTES);
      const given = bytes.subarray(bytes.length - MAC_BYTES);
      if (!timingSafeEqual(given, mac(body))) return null;
      if (body.readUInt8(0) !== VERSION) return null;
      const preference = MAIL_PREFERENCES[body.readUInt8(1)];
      const expiresAt = new Date(body.readUInt32BE(2) * 1000);
      if (!preference || expiresAt.getTime() <= at.getTime()) return null;
      const hex = body.subarray(6, 22).toString('hex');
      const customerId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      return { customerId, preference, expiresAt };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
