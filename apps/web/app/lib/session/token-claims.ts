import { decodeJwt } from 'jose';

/** What the browser reads from its own token: the customer id and e-mail (seed §5). */
export interface TokenClaims {
  sub?: string;
  email?: string;
}

/**
 * The claims of a signed token, read without verifying it (the API always verifies), or null when
 * the token is not a three-part JWT whose middle part is a JSON object.
 */
export function tokenClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  try {
    const { sub, email } = decodeJwt(token);
    return { ...(typeof sub === 'string' ? { sub } : {}), ...(typeof email === 'string' ? { email } : {}) };
  } catch {
    return null;
  }
}
