import { createHmac, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';
import { isUuid } from '../../shared/uuid.js';

/**
 * Signed tokens that are stored nowhere: version, purpose, expiry (seconds) and one uuid, then an
 * HMAC-SHA256 (128 bits kept) under a key derived (HKDF) from the server's token-signing key with
 * a label of each use's own, so a token of one use is never valid for another and a database copy
 * holds nothing to forge one with. 38 bytes, 51 base64url characters: short enough for any URL,
 * and a SecretLink token as it is (queued mail keeps it sealed). The unsubscribe links (ADR 022)
 * and the prospect's place-in-line link (ADR 031) are made with it.
 */
export interface SignedIdClaim<P extends string> {
  id: string;
  purpose: P;
  expiresAt: Date;
}

const VERSION = 1;
const MAC_BYTES = 16;
/** Version, purpose, expiry (seconds, 4 bytes), id (16 bytes). */
const BODY_BYTES = 1 + 1 + 4 + 16;

const keyBytes = (secret: KeyObject | Buffer): Buffer => {
  if (Buffer.isBuffer(secret)) return secret;
  if (secret.type === 'secret') return secret.export();
  if (secret.type === 'private') return secret.export({ format: 'der', type: 'pkcs8' });
  throw new Error('A signed token key must come from a private or secret key, never a public one.');
};

export interface SignedIdTokenOptions<P extends string> {
  /** The purposes this use signs; a purpose is stored as its index, so only ever append. */
  purposes: readonly P[];
  /** HKDF salt and info: fixed labels of this use alone. */
  salt: string;
  info: string;
}

export function createSignedIdTokens<P extends string>(secret: KeyObject | Buffer, options: SignedIdTokenOptions<P>) {
  const key = Buffer.from(hkdfSync('sha256', keyBytes(secret), options.salt, options.info, 32));
  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

  return {
    issue(claim: SignedIdClaim<P>): string {
      if (!isUuid(claim.id)) throw new Error('A signed token names its subject by a uuid.');
      const purpose = options.purposes.indexOf(claim.purpose);
      if (purpose < 0) throw new Error(`"${claim.purpose}" is not a purpose of these tokens.`);
      const head = Buffer.alloc(6);
      head.writeUInt8(VERSION, 0);
      head.writeUInt8(purpose, 1);
      head.writeUInt32BE(Math.floor(claim.expiresAt.getTime() / 1000), 2);
      const body = Buffer.concat([head, Buffer.from(claim.id.replace(/-/g, ''), 'hex')]);
      return Buffer.concat([body, mac(body)]).toString('base64url');
    },

    /**
     * The claim of a token this server signed for this use and that has not expired at `at`; null
     * for anything else (altered, cut short, signed under another key or for another use,
     * expired). One answer for every failure, so a guesser learns nothing from it.
     */
    read(token: string, at: Date): SignedIdClaim<P> | null {
      if (!/^[A-Za-z0-9_-]{51}$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== BODY_BYTES + MAC_BYTES) return null;
      const body = bytes.subarray(0, bytes.length - MAC_BYTES);
      const given = bytes.subarray(bytes.length - MAC_BYTES);
      if (!timingSafeEqual(given, mac(body))) return null;
      if (body.readUInt8(0) !== VERSION) return null;
      const purpose = options.purposes[body.readUInt8(1)];
      const expiresAt = new Date(body.readUInt32BE(2) * 1000);
      if (purpose === undefined || expiresAt.getTime() <= at.getTime()) return null;
      const hex = body.subarray(6, 22).toString('hex');
      const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      return { id, purpose, expiresAt };
    },
  };
}
