import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { customers, type LoginActivityEntry } from '../../db/schema/index.js';

/** How many sign-ins a customer's loginActivity keeps. */
export const LOGIN_ACTIVITY_KEPT = 10;

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;

export function createCustomersRepository(db: Database) {
  return {
    async findById(tenantId: string, id: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
        .limit(1);
      return row;
    },

    /** `email` must already be lowercased: that is how it is stored. */
    async findByEmail(tenantId: string, email: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.email, email)))
        .limit(1);
      return row;
    },

    async insert(values: NewCustomerRow): Promise<CustomerRow> {
      const [row] = await db
        .insert(customers)
        .values({ ...values, email: values.email.toLowerCase() })
        .returning();
      return row!;
    },

    async recordSignIn(tenantId: string, id: string, entry: LoginActivityEntry, previous: LoginActivityEntry[]) {
      const loginActivity = [entry, ...previous].slice(0, LOGIN_ACTIVITY_KEPT);
      await db
        .update(customers)
        .set({ lastActivityDate: new Date(entry.at), loginActivity })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
