/**
 * Reads the claims of a signed token without verifying it. The browser uses this only to learn
 * its own customer id; the API always verifies the signature.
 */
export interface TokenClaims {
  sub?: string;
  email?: string;
  exp?: number;
}

const base64UrlDecode = (part: string): string => {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/** A token must have three dot-separated parts (seed §5). Returns null for anything else. */
export function decodeTokenClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]!));
    // JSON arrays are objects too; claims are only ever a plain object.
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}
