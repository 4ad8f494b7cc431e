import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  addresses,
  allocationRequests,
  customers,
  type RequestStatus,
} from '../../db/schema/index.js';

export type JoinRequestRow = typeof allocationRequests.$inferSelect;
export type NewJoinRequestRow = typeof allocationRequests.$inferInsert;

function joiningQueries(db: Database) {
  return {
    /**
     * Serialises requests for one address until the transaction ends. allocation_requests has no
     * unique index on pending e-mails (declined ones may ask again), so two identical forms sent
     * at once would otherwise both pass the "already in use" check.
     */
    async lockEmail(tenantId: string, email: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`join:${tenantId}:${email}`}, 0))`);
    },

    /** `email` lowercased, as stored. */
    async emailInUse(tenantId: string, email: string): Promise<boolean> {
      const [member] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.email, email)))
        .limit(1);
      if (member) return true;
      const [pending] = await db
        .select({ id: allocationRequests.id })
        .from(allocationRequests)
        .where(
          and(
            eq(allocationRequests.tenantId, tenantId),
            eq(allocationRequests.email, email),
            eq(allocationRequests.status, 'pending'),
          ),
        )
        .limit(1);
      return pending !== undefined;
    },

    async insert(values: NewJoinRequestRow): Promise<JoinRequestRow> {
      const [row] = await db.insert(allocationRequests).values(values).returning();
      return row!;
    },

    /** Newest first. */
    /** The request, locked until the transaction ends, so two staff cannot both decide it. */
    async lock(tenantId: string, id: string): Promise<JoinRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(allocationRequests)
        .where(and(eq(allocationRequests.tenantId, tenantId), eq(allocationRequests.id, id)))
        .for('update');
      return row;
    },

    async decide(tenantId: string, id: string, status: Exclude<RequestStatus, 'pending'>, at: Date): Promise<JoinRequestRow> {
      const [row] = await db
        .update(allocationRequests)
        .set({ status, decidedAt: at })
        .where(and(eq(allocationRequests.tenantId, tenantId), eq(allocationRequests.id, id)))
        .returning();
      return row!;
    },

    /** Throws on the unique index of the tenant's e-mails. */
    async insertCustomer(values: typeof customers.$inferInsert) {
      const [row] = await db.insert(customers).values(values).returning();
      return row!;
    },

    async insertAddress(values: typeof addresses.$inferInsert) {
      await db.insert(addresses).values(values);
    },
  };
}

export type JoiningQueries = ReturnType<typeof joiningQueries>;

export function createJoiningRepository(db: Database) {
  return {
    ...joiningQueries(db),
    /** Runs `work` in one transaction; `tx` is for the token and mail helpers. */
    transaction<T>(work: (queries: JoiningQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(joiningQueries(tx), tx));
    },
  };
}

export type JoiningRepository = ReturnType<typeof createJoiningRepository>;
