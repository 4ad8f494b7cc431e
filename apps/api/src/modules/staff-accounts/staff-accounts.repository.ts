import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { StaffRole } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { staffLinkTokens, staffUsers } from '../../db/schema/index.js';
import type { CursorKey } from '../../shared/pagination.js';
import { createSessionsRepository } from '../auth/sessions.repository.js';

export type StaffAccountRow = typeof staffUsers.$inferSelect;

/** Staff accounts and their invitation links, on the app's database or the caller's transaction. */
export function staffAccountQueries(db: Database) {
  return {
    /** One page by e-mail (unique per tenant), read limit + 1 rows after the cursor's e-mail. */
    async page(tenantId: string, limit: number, after: CursorKey | undefined): Promise<StaffAccountRow[]> {
      return db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.tenantId, tenantId), after ? gt(staffUsers.email, String(after[0])) : undefined))
        .orderBy(asc(staffUsers.email))
        .limit(limit + 1);
    },

    async find(tenantId: string, id: string, lock = false): Promise<StaffAccountRow | undefined> {
      const query = db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.id, id)));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /**
     * The tenant's active admins, locked until the transaction ends: two admins demoting or
     * deactivating each other at once are served one after the other, so one admin always stays.
     */
    async lockActiveAdmins(tenantId: string): Promise<string[]> {
      const rows = await db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.role, 'admin'), isNull(staffUsers.deactivatedAt)))
        .orderBy(asc(staffUsers.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    /** Undefined when the e-mail is taken (the unique index decides, also under a race). */
    async insert(values: { tenantId: string; email: string; name: string; role: StaffRole; createdAt: Date }) {
      const [row] = await db.insert(staffUsers).values({ ...values, passwordHash: null }).onConflictDoNothing().returning();
      return row;
    },

    async update(tenantId: string, id: string, values: Partial<Pick<StaffAccountRow, 'role' | 'deactivatedAt' | 'passwordHash'>>) {
      const [row] = await db
        .update(staffUsers)
        .set(values)
        .where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.id, id)))
        .returning();
      return row!;
    },

    revokeSessions: (tenantId: string, staffUserId: string, at: Date) =>
      createSessionsRepository(db, 'staff').revokeAllOf(tenantId, staffUserId, at),

    /** Stores a new link's digest; earlier unused links of the colleague stop working. */
    async issueLink(input: { tenantId: string; staffUserId: string; tokenHash: string; createdAt: Date; expiresAt: Date }) {
      await this.retireLinks(input.tenantId, input.staffUserId, input.createdAt);
      await db.insert(staffLinkTokens).values(input);
    },

    /** Ends the colleague's unused links now (a deactivated account's invitation stops working). */
    async retireLinks(tenantId: string, staffUserId: string, at: Date) {
      await db
        .update(staffLinkTokens)
        .set({ expiresAt: at })
        .where(
          and(
            eq(staffLinkTokens.tenantId, tenantId),
            eq(staffLinkTokens.staffUserId, staffUserId),
            isNull(staffLinkTokens.usedAt),
            gt(staffLinkTokens.expiresAt, at),
          ),
        );
    },

    /** The link if it is unused and unexpired, used up when `consume` (one statement: of two racing, one wins). */
    async usableLink(input: { tenantId: string; tokenHash: string; at: Date; consume: boolean }) {
      const where = and(
        eq(staffLinkTokens.tenantId, input.tenantId),
        eq(staffLinkTokens.tokenHash, input.tokenHash),
        isNull(staffLinkTokens.usedAt),
        gt(staffLinkTokens.expiresAt, input.at),
      );
      const [row] = input.consume
        ? await db.update(staffLinkTokens).set({ usedAt: input.at }).where(where).returning()
        : await db.select().from(staffLinkTokens).where(where).limit(1);
      return row;
    },
  };
}

export type StaffAccountQueries = ReturnType<typeof staffAccountQueries>;

export function createStaffAccountsRepository(db: Database) {
  return {
    ...staffAccountQueries(db),
    transaction<T>(work: (queries: StaffAccountQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(staffAccountQueries(tx), tx));
    },
  };
}

export type StaffAccountsRepository = ReturnType<typeof createStaffAccountsRepository>;
