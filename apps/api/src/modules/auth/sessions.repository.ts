import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { sessions, staffSessions } from '../../db/schema/index.js';
import type { Audience } from './audiences.js';
import { sessionCache } from './session-cache.js';

/**
 * Each audience keeps its sessions in its own table (a member's session can never be read as a
 * staff one); the tables differ only in the column that names whose session it is.
 */
const TABLES = {
  member: { table: sessions, subject: sessions.customerId, subjectKey: 'customerId' },
  staff: { table: staffSessions, subject: staffSessions.staffUserId, subjectKey: 'staffUserId' },
} as const;

/** Columns both session tables have under the same names. */
type SessionTable = typeof sessions;

export interface SessionRow {
  id: string;
  subjectId: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** One row per issued token (its id is the token's jti), so a token can be revoked before it expires. */
export function createSessionsRepository(db: Database, audience: Audience) {
  const { subject, subjectKey } = TABLES[audience];
  // The shared columns are declared alike in both tables; only the subject's column is looked up by name.
  const table = TABLES[audience].table as SessionTable;

  return {
    async create(input: { tenantId: string; subjectId: string; createdAt: Date; expiresAt: Date }): Promise<{ id: string }> {
      const { subjectId, ...rest } = input;
      const values = { ...rest, [subjectKey]: subjectId } as typeof table.$inferInsert;
      const [row] = await db.insert(table).values(values).returning({ id: table.id });
      return row!;
    },

    async find(tenantId: string, id: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .select({ id: table.id, subjectId: subject, expiresAt: table.expiresAt, revokedAt: table.revokedAt })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
        .limit(1);
      return row;
    },

    /** Ends one session; every instance stops taking it at once (ADR 026, session-cache.ts). */
    async revoke(tenantId: string, id: string, at: Date): Promise<void> {
      await db
        .update(table)
        .set({ revokedAt: at })
        .where(and(eq(table.tenantId, tenantId), eq(table.id, id)));
      sessionCache.revoke({ audience, sessionId: id });
    },

    /** Ends every live session of one person (a changed password), except `keep` when given. */
    async revokeAllOf(tenantId: string, subjectId: string, at: Date, keep?: string): Promise<void> {
      await db
        .update(table)
        .set({ revokedAt: at })
        .where(and(eq(table.tenantId, tenantId), eq(subject, subjectId), isNull(table.revokedAt), ...(keep ? [ne(table.id, keep)] : [])));
      // `keep` is the session making the change: dropping it from the cache only costs it one read.
      sessionCache.revoke({ audience, subjectId });
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
