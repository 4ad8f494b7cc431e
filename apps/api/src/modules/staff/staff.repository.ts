import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { staffUsers } from '../../db/schema/index.js';

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
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
