import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_AUDIENCES, TOKEN_ISSUER, type Audience } from './audiences.js';
import type { SigningKeys } from './signing-keys.js';
import { isUuid } from '../../shared/uuid.js';

const ALGORITHM = 'EdDSA';

/** What a token says: whose session it is (`sub`, a customer or a staff user), for which tenant. */
export interface TokenClaims {
  subjectId: string;
  email: string;
  tenant: string;
  sessionId: string;
}


/** Tokens this service has verified, at most this many (about 1 KB each), the oldest dropped first. */
const VERIFIED_TOKENS = 20_000;

/**
 * Signs and verifies one audience's tokens. The algorithm is pinned: `alg: none`, HS256 and the
 * like never pass, and neither does the other audience's token.
 *
 * A token whose signature and claims were verified is remembered, by its exact text, until it
 * expires (ADR 026): the same bytes verify the same way, and the signature check (WebCrypto
 * Ed25519) was the costliest part of a signed-in request. Whether its session is still live is
 * the session store's question, asked on every request.
 *
 * Expiry is judged on the app's clock (`now`), the one that stamped the token's iat and exp and
 * the session row: a test's fixed clock or the browser tests' simulated one then agrees with itself.
 */
export function createTokenService(keys: SigningKeys, audience: Audience, now: () => Date = () => new Date()) {
  const aud = TOKEN_AUDIENCES[audience];
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  function remember(token: string, claims: TokenClaims, expiresAtMs: number) {
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtMs });
  }

  return {
    async sign(claims: TokenClaims & { issuedAt: Date; expiresAt: Date }): Promise<string> {
      return new SignJWT({ email: claims.email, tenant: claims.tenant })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.subjectId)
        .setJti(claims.sessionId)
        .setAudience(aud)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
        .sign(keys.privateKey);
    },

    /** The claims of a valid token, or null for anything else (bad shape, signature, claims, expiry). */
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      const at = now();
      if (known && known.expiresAtMs > at.getTime()) return { ...known.claims };
      if (known) verified.delete(token);
      if (token.split('.').length !== 3) return null;
      try {
        const { payload } = await jwtVerify(token, keys.publicKey, {
          algorithms: [ALGORITHM],
          audience: aud,
          issuer: TOKEN_ISSUER,
          typ: 'JWT',
          requiredClaims: ['sub', 'email', 'tenant', 'jti', 'iat', 'exp'],
          currentDate: at,
        });
        const { sub, email, tenant, jti, exp } = payload;
        if (!isUuid(sub)) return null;
        if (!isUuid(jti)) return null;
        if (typeof email !== 'string' || typeof tenant !== 'string') return null;
        const claims = { subjectId: sub, email, tenant, sessionId: jti };
        if (typeof exp === 'number') remember(token, claims, exp * 1000);
        return claims;
      } catch {
        // Whatever jose rejects (shape, algorithm, signature, claims, expiry) is simply not a session.
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
