import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { customers, type LoginActivityEntry } from '../../db/schema/index.js';

/** How many sign-ins a customer's loginActivity keeps. */
export const LOGIN_ACTIVITY_KEPT = 10;

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;

/** The fields a member edits on their profile, in their stored form. */
export interface ProfileValues {
  prefix: string | null;
  firstName: string;
  lastName: string;
  /** Lowercased: that is how it is stored. */
  email: string;
  phone: string;
  dateOfBirth: string;
  company: string | null;
}

/**
 * Locks the member's row until the transaction ends. Every change to a member's saved addresses
 * or cards takes this lock first, so two requests at once cannot both pass a "fewer than N" check
 * or both become the default.
 */
export async function lockCustomer(db: Database, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .for('update');
  return rows.length > 0;
}

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

    /**
     * A member by id whatever their tenant: for a token we signed for that member (an unsubscribe
     * link), whose tenant is the member's own. Every other look-up names the tenant.
     */
    async findByIdInAnyTenant(id: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
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

    /** Undefined when the customer does not exist. Throws on a unique-index violation of the e-mail. */
    async updateProfile(tenantId: string, id: string, values: ProfileValues, at: Date): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set({ ...values, email: values.email.toLowerCase(), updatedAt: at })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
        .returning();
      return row;
    },

    /**
     * Sets the member's e-mail choices (issue 15), all or some of them; undefined when the member
     * does not exist. One statement, so switches changed at once from two places both hold.
     */
    async updateMailPreferences(
      tenantId: string,
      id: string,
      values: Partial<Pick<CustomerRow, 'mailOfferingInvitations' | 'mailOfferingReminders' | 'mailNews'>>,
      at: Date,
    ): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set({ ...values, updatedAt: at })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
        .returning();
      return row;
    },

    /** Sessions are the auth module's: whoever changes a password ends them in the same transaction. */
    async setPasswordHash(tenantId: string, id: string, passwordHash: string, at: Date): Promise<void> {
      await db
        .update(customers)
        .set({ passwordHash, updatedAt: at })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
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
