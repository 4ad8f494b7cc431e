import type { Database } from '../../db/database.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { SESSION_LIFETIMES_MS, type Audience } from './audiences.js';
import { SESSION_CACHE_MS, SESSION_CACHE_MS_BY_AUDIENCE, sessionCache, type CachedSession } from './session-cache.js';
import { createSessionsRepository } from './sessions.repository.js';
import type { SigningKeys } from './signing-keys.js';
import { createTokenService, type TokenClaims } from './token.service.js';

/**
 * One audience's sessions: a row per token, so that signing out (or a password change) ends a
 * session at once, and the signed token that names it. Whatever signs someone in — a password, an
 * e-mailed link — starts the same session, so the rest of the API cannot tell them apart.
 *
 * A session found live is taken without a new read for `cacheMs` (members: SESSION_CACHE_MS,
 * staff: never), unless it is revoked meanwhile (session-cache.ts, ADR 026).
 */
export function createSessionStore(deps: { db: Database; keys: SigningKeys; audience: Audience; now: () => Date; cacheMs?: number }) {
  const { db, audience, now } = deps;
  const tokens = createTokenService(deps.keys, audience, now);
  const lifetimeMs = SESSION_LIFETIMES_MS[audience];
  // Never longer than SESSION_CACHE_MS: that is the bound the revocations keep to (session-cache.ts).
  const cacheMs = Math.min(deps.cacheMs ?? SESSION_CACHE_MS_BY_AUDIENCE[audience], SESSION_CACHE_MS);

  /** The session as the database has it now, kept for later requests when it is live. */
  async function read(tenantId: string, sessionId: string): Promise<CachedSession | undefined> {
    const readAt = sessionCache.monotonic();
    const row = await createSessionsRepository(db, audience).find(tenantId, sessionId);
    if (!row || row.revokedAt) return undefined;
    const session = { tenantId, subjectId: row.subjectId, expiresAt: row.expiresAt, readAt };
    if (cacheMs > 0) sessionCache.put(audience, sessionId, session);
    return session;
  }

  return {
    /**
     * Writes the session row and answers its token. Given a transaction, the row is written
     * through it, so whatever signs the person in (a link used up) happens only with the session.
     */
    async start(input: { tenantId: string; subjectId: string; email: string; at: Date }, tx: Database = db): Promise<string> {
      const { tenantId, subjectId, email, at } = input;
      const expiresAt = new Date(at.getTime() + lifetimeMs);
      const session = await createSessionsRepository(tx, audience).create({ tenantId, subjectId, createdAt: at, expiresAt });
      return tokens.sign({ subjectId, email, tenant: tenantId, sessionId: session.id, issuedAt: at, expiresAt });
    },

    async end(tenantId: string, sessionId: string): Promise<void> {
      await createSessionsRepository(db, audience).revoke(tenantId, sessionId, now());
    },

    /** The claims of a token whose session is live for this tenant right now, or an unauthorized error. */
    async verify(tenantId: string, authorization: string | undefined): Promise<TokenClaims> {
      if (!authorization) throw new ApiError('unauthorized', API_MESSAGES.signInRequired);
      const claims = await tokens.verify(authorization.trim());
      if (!claims || claims.tenant !== tenantId) throw new ApiError('unauthorized', API_MESSAGES.sessionEnded);
      const cached = cacheMs > 0 ? sessionCache.get(audience, claims.sessionId, cacheMs) : undefined;
      const session = cached?.tenantId === tenantId ? cached : await read(tenantId, claims.sessionId);
      if (!session || session.expiresAt.getTime() <= now().getTime() || session.subjectId !== claims.subjectId) {
        throw new ApiError('unauthorized', API_MESSAGES.sessionEnded);
      }
      return claims;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
