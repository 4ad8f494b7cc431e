import { jwtVerify, SignJWT } from 'jose';
import type { SigningKeys } from './signing-keys.js';

export const TOKEN_AUDIENCE = 'winery-members';
export const TOKEN_ISSUER = 'winery-api';
const ALGORITHM = 'EdDSA';

export interface TokenClaims {
  customerId: string;
  email: string;
  tenant: string;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Signs and verifies member tokens. The algorithm is pinned: `alg: none`, HS256 and the like never pass. */
export function createTokenService(keys: SigningKeys) {
  return {
    async sign(claims: TokenClaims & { issuedAt: Date; expiresAt: Date }): Promise<string> {
      return new SignJWT({ email: claims.email, tenant: claims.tenant })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.customerId)
        .setJti(claims.sessionId)
        .setAudience(TOKEN_AUDIENCE)
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
          audience: TOKEN_AUDIENCE,
          issuer: TOKEN_ISSUER,
          typ: 'JWT',
          requiredClaims: ['sub', 'email', 'tenant', 'jti', 'iat', 'exp'],
        });
        const { sub, email, tenant, jti } = payload;
        if (typeof sub !== 'string' || !UUID.test(sub)) return null;
        if (typeof jti !== 'string' || !UUID.test(jti)) return null;
        if (typeof email !== 'string' || typeof tenant !== 'string') return null;
        return { customerId: sub, email, tenant, sessionId: jti };
      } catch {
        // Whatever jose rejects (shape, algorithm, signature, claims, expiry) is simply not a session.
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
