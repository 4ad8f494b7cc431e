import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_AUDIENCES, TOKEN_ISSUER, type Audience } from './audiences.js';
import type { SigningKeys } from './signing-keys.js';

const ALGORITHM = 'EdDSA';

/** What a token says: whose session it is (`sub`, a customer or a staff user), for which tenant. */
export interface TokenClaims {
  subjectId: string;
  email: string;
  tenant: string;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Signs and verifies one audience's tokens. The algorithm is pinned: `alg: none`, HS256 and the
 * like never pass, and neither does the other audience's token.
 */
export function createTokenService(keys: SigningKeys, audience: Audience) {
  const aud = TOKEN_AUDIENCES[audience];
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
      if (token.split('.').length !== 3) return null;
      try {
        const { payload } = await jwtVerify(token, keys.publicKey, {
          algorithms: [ALGORITHM],
          audience: aud,
          issuer: TOKEN_ISSUER,
          typ: 'JWT',
          requiredClaims: ['sub', 'email', 'tenant', 'jti', 'iat', 'exp'],
        });
        const { sub, email, tenant, jti } = payload;
        if (typeof sub !== 'string' || !UUID.test(sub)) return null;
        if (typeof jti !== 'string' || !UUID.test(jti)) return null;
        if (typeof email !== 'string' || typeof tenant !== 'string') return null;
        return { subjectId: sub, email, tenant, sessionId: jti };
      } catch {
        // Whatever jose rejects (shape, algorithm, signature, claims, expiry) is simply not a session.
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
