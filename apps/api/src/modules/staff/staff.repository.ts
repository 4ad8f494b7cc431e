import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { staffSessions, staffUsers } from '../../db/schema/index.js';

export type StaffUserRow = typeof staffUsers.$inferSelect;

export function createStaffRepository(db: Database) {
  return {
    /** `email` must already be lowercased: that is how it is stored. */
    async findByEmail(tenantId: string, email: string): Promise<StaffUserRow | undefined> {
      const [row] = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.email, email)))
        .limit(1);
      return row;
    },

    async findById(tenantId: string, id: string): Promise<StaffUserRow | undefined> {
      const [row] = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.id, id)))
        .limit(1);
      return row;
    },

    async createSession(input: { tenantId: string; staffUserId: string; createdAt: Date; expiresAt: Date }) {
      const [row] = await db.insert(staffSessions).values(input).returning();
      return row!;
    },

    async findSession(tenantId: string, id: string) {
      const [row] = await db
        .select()
        .from(staffSessions)
        .where(and(eq(staffSessions.tenantId, tenantId), eq(staffSessions.id, id)))
        .limit(1);
      return row;
    },

    async revokeSession(tenantId: string, id: string, at: Date) {
      await db
        .update(staffSessions)
        .set({ revokedAt: at })
        .where(and(eq(staffSessions.tenantId, tenantId), eq(staffSessions.id, id)));
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
