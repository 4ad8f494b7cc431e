import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { sessions } from '../../db/schema/index.js';

export function createSessionsRepository(db: Database) {
  return {
    async create(input: { tenantId: string; customerId: string; createdAt: Date; expiresAt: Date }) {
      const [row] = await db.insert(sessions).values(input).returning();
      return row!;
    },

    async find(tenantId: string, id: string) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)))
        .limit(1);
      return row;
    },

    async revoke(tenantId: string, id: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
