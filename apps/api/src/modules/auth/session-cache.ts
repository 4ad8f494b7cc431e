import type { Audience } from './audiences.js';

/**
 * Live sessions seen lately (ADR 026). Every request of a signed-in member checks that their
 * session is live; on release day that is one query per request for a row that almost never
 * changes. A session read live answers for at most `maxAgeMs` afterwards (SESSION_CACHE_MS), in
 * this process only, and is dropped at once when it is revoked here or, with REDIS_URL, in any
 * instance (session-revocations.plugin.ts). So a revoked session stops working at once in the
 * instance that revoked it and, through Redis, in every other; without Redis, other instances stop
 * taking it within SESSION_CACHE_MS.
 *
 * Kept for the whole process, shared by every session store in it: a session id is a random UUID,
 * and an entry names the tenant, subject and expiry it was read with, which the store checks.
 */

/** The longest a live session read from the database answers without a new read. */
export const SESSION_CACHE_MS = 5_000;
/** Members' requests are the release-day load; staff sessions are read every time. */
export const SESSION_CACHE_MS_BY_AUDIENCE: Record<Audience, number> = { member: SESSION_CACHE_MS, staff: 0 };
/** Past this many entries the cache starts again (about 100 bytes each). */
const MAX_ENTRIES = 100_000;

export interface CachedSession {
  tenantId: string;
  subjectId: string;
  expiresAt: Date;
  /** When the read that found it live began, on the monotonic clock. */
  readAt: number;
}

/** What was revoked: one session (signing out), or every session of one person (a password change, a deactivation). */
export type SessionRevocation = { audience: Audience; sessionId: string } | { audience: Audience; subjectId: string };

const entries = new Map<string, CachedSession>();
/**
 * Recent revocations, by session and by subject, on the monotonic clock. A revocation runs inside
 * its caller's transaction: until that commits, a read may still find the session live, so
 * nothing revoked lately is cached again for SESSION_CACHE_MS.
 */
const revokedAt = new Map<string, number>();
const broadcasters = new Set<(revocation: SessionRevocation) => void>();

const monotonic = () => performance.now();
const entryKey = (audience: Audience, sessionId: string) => `${audience}:session:${sessionId}`;
const subjectKey = (audience: Audience, subjectId: string) => `${audience}:subject:${subjectId}`;

function revokedLately(keys: string[], at: number): boolean {
  return keys.some((key) => {
    const when = revokedAt.get(key);
    return when !== undefined && at - when < SESSION_CACHE_MS;
  });
}

function forgetOldRevocations(at: number) {
  for (const [key, when] of revokedAt) if (at - when >= SESSION_CACHE_MS) revokedAt.delete(key);
}

export const sessionCache = {
  monotonic,

  /** The session as last read live, if that read began less than `maxAgeMs` ago. */
  get(audience: Audience, sessionId: string, maxAgeMs: number): CachedSession | undefined {
    const entry = entries.get(entryKey(audience, sessionId));
    if (!entry) return undefined;
    if (monotonic() - entry.readAt >= maxAgeMs) {
      entries.delete(entryKey(audience, sessionId));
      return undefined;
    }
    return entry;
  },

  /** A session read live by a read that began at `readAt`; not kept when it, or its person's sessions, were revoked lately. */
  put(audience: Audience, sessionId: string, session: CachedSession): void {
    if (revokedLately([entryKey(audience, sessionId), subjectKey(audience, session.subjectId)], monotonic())) return;
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(entryKey(audience, sessionId), session);
  },

  /** Drops what a revocation ends, in this process, and tells the other instances (with Redis). */
  revoke(revocation: SessionRevocation): void {
    sessionCache.apply(revocation);
    for (const broadcast of broadcasters) broadcast(revocation);
  },

  /** Drops what a revocation ends, in this process only (one made here, or heard from another instance). */
  apply(revocation: SessionRevocation): void {
    const at = monotonic();
    forgetOldRevocations(at);
    if ('sessionId' in revocation) {
      entries.delete(entryKey(revocation.audience, revocation.sessionId));
      revokedAt.set(entryKey(revocation.audience, revocation.sessionId), at);
      return;
    }
    revokedAt.set(subjectKey(revocation.audience, revocation.subjectId), at);
    for (const [key, entry] of entries) {
      if (entry.subjectId === revocation.subjectId && key.startsWith(`${revocation.audience}:`)) entries.delete(key);
    }
  },

  /** Another instance's channel for revocations (session-revocations.plugin.ts); answers how to stop. */
  broadcastTo(broadcast: (revocation: SessionRevocation) => void): () => void {
    broadcasters.add(broadcast);
    return () => broadcasters.delete(broadcast);
  },
};
