import { jwtVerify, SignJWT } from 'jose';
import type { SigningKeys } from '../auth/signing-keys.js';
import { TOKEN_ISSUER } from '../auth/token.service.js';

/**
 * Staff tokens are signed with the members' key but carry their own audience. jose checks the
 * audience on both sides, so a member token never opens the staff API and a staff token never
 * opens a member route, even though one key signs both.
 */
export const STAFF_TOKEN_AUDIENCE = 'winery-staff';
const ALGORITHM = 'EdDSA';

export interface StaffTokenClaims {
  staffUserId: string;
  email: string;
  tenant: string;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createStaffTokenService(keys: SigningKeys) {
  return {
    async sign(claims: StaffTokenClaims & { issuedAt: Date; expiresAt: Date }): Promise<string> {
      return new SignJWT({ email: claims.email, tenant: claims.tenant })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.staffUserId)
        .setJti(claims.sessionId)
        .setAudience(STAFF_TOKEN_AUDIENCE)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
        .sign(keys.privateKey);
    },

    /** The claims of a valid staff token, or null for anything else (a member token included). */
    async verify(token: string): Promise<StaffTokenClaims | null> {
      if (token.split('.').length !== 3) return null;
      try {
        const { payload } = await jwtVerify(token, keys.publicKey, {
          algorithms: [ALGORITHM],
          audience: STAFF_TOKEN_AUDIENCE,
          issuer: TOKEN_ISSUER,
          typ: 'JWT',
          requiredClaims: ['sub', 'email', 'tenant', 'jti', 'iat', 'exp'],
        });
        const { sub, email, tenant, jti } = payload;
        if (typeof sub !== 'string' || !UUID.test(sub)) return null;
        if (typeof jti !== 'string' || !UUID.test(jti)) return null;
        if (typeof email !== 'string' || typeof tenant !== 'string') return null;
        return { staffUserId: sub, email, tenant, sessionId: jti };
      } catch {
        return null;
      }
    },
  };
}

export type StaffTokenService = ReturnType<typeof createStaffTokenService>;
