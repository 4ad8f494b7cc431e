import { decodeJwt, SignJWT } from 'jose';
import type { SigningKeys } from '../modules/auth/signing-keys.js';

/**
 * Tokens an attacker could send, each built from a real token (member or staff) so that only the
 * one thing under test is wrong. Shared by the sign-in tests and the authorisation matrix.
 */

export const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The real token with one byte of its signature changed. */
export function tamperedSignature(token: string): string {
  const [header, payload, signature] = token.split('.');
  const bytes = Buffer.from(signature!, 'base64url');
  const middle = bytes.length >> 1;
  bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
  return `${header}.${payload}.${bytes.toString('base64url')}`;
}

/** The real signature over claims that were changed afterwards. */
export function tamperedClaims(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url({ ...decodeJwt(token), ...changes })}.${signature}`;
}

/** The same claims, signed with the real key, but expired an hour ago. */
export async function expiredToken(token: string, keys: SigningKeys): Promise<string> {
  const past = Math.floor(Date.now() / 1000) - 3600;
  return new SignJWT({ ...decodeJwt(token) })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setIssuedAt(past - 7200)
    .setExpirationTime(past)
    .sign(keys.privateKey);
}

/** The same claims with no signature at all (`alg: none`). */
export function unsignedToken(token: string): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(decodeJwt(token))}.`;
}

/** The same claims signed HS256 with the public key as the HMAC secret (algorithm confusion). */
export async function hs256WithPublicKey(token: string, keys: SigningKeys): Promise<string> {
  const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' });
  return new SignJWT({ ...decodeJwt(token) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new Uint8Array(Buffer.from(publicPem)));
}
