import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { AddressPurpose } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { addresses } from '../../db/schema/index.js';
import { lockCustomer } from '../customers/customers.repository.js';

export type AddressRow = typeof addresses.$inferSelect;

/** An address as stored: optional texts are null, codes upper case. */
export interface AddressValues {
  address1: string;
  address2: string | null;
  city: string;
  stateCode: string | null;
  zipCode: string;
  countryCode: string;
  recipientName: string | null;
  phone: string | null;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
}

const flagOf = (purpose: AddressPurpose) =>
  purpose === 'shipping' ? addresses.isDefaultShipping : addresses.isDefaultBilling;

const flagValue = (purpose: AddressPurpose, value: boolean) =>
  purpose === 'shipping' ? { isDefaultShipping: value } : { isDefaultBilling: value };

function addressQueries(db: Database) {
  const ofCustomer = (tenantId: string, customerId: string, ...more: SQL[]) =>
    and(eq(addresses.tenantId, tenantId), eq(addresses.customerId, customerId), ...more);

  return {
    lockCustomer: (tenantId: string, customerId: string) => lockCustomer(db, tenantId, customerId),

    /** Default shipping first, then default billing, then the newest. */
    async listForCustomer(tenantId: string, customerId: string): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(ofCustomer(tenantId, customerId))
        .orderBy(desc(addresses.isDefaultShipping), desc(addresses.isDefaultBilling), desc(addresses.createdAt), desc(addresses.id));
    },

    /** Any member's address of this tenant: the service tells "not yours" from "not there". */
    async findById(tenantId: string, id: string): Promise<AddressRow | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.tenantId, tenantId), eq(addresses.id, id)))
        .limit(1);
      return row;
    },

    async countForCustomer(tenantId: string, customerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(addresses).where(ofCustomer(tenantId, customerId));
      return Number(row?.n ?? 0);
    },

    /** Takes the default flag off the member's other addresses (all of them when `exceptId` is absent). */
    async clearDefault(tenantId: string, customerId: string, purpose: AddressPurpose, at: Date, exceptId?: string) {
      const flag = flagOf(purpose);
      await db
        .update(addresses)
        .set({ ...flagValue(purpose, false), updatedAt: at })
        .where(ofCustomer(tenantId, customerId, eq(flag, true), ...(exceptId ? [ne(addresses.id, exceptId)] : [])));
    },

    async insert(tenantId: string, customerId: string, values: AddressValues, at: Date): Promise<AddressRow> {
      const [row] = await db
        .insert(addresses)
        .values({ ...values, tenantId, customerId, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    async update(tenantId: string, id: string, values: AddressValues, at: Date): Promise<AddressRow> {
      const [row] = await db
        .update(addresses)
        .set({ ...values, updatedAt: at })
        .where(and(eq(addresses.tenantId, tenantId), eq(addresses.id, id)))
        .returning();
      return row!;
    },

    async setDefault(tenantId: string, id: string, purpose: AddressPurpose, at: Date): Promise<AddressRow> {
      const [row] = await db
        .update(addresses)
        .set({ ...flagValue(purpose, true), updatedAt: at })
        .where(and(eq(addresses.tenantId, tenantId), eq(addresses.id, id)))
        .returning();
      return row!;
    },

    async remove(tenantId: string, id: string): Promise<void> {
      await db.delete(addresses).where(and(eq(addresses.tenantId, tenantId), eq(addresses.id, id)));
    },

    async newest(tenantId: string, customerId: string): Promise<AddressRow | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(ofCustomer(tenantId, customerId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      return row;
    },
  };
}

export type AddressQueries = ReturnType<typeof addressQueries>;

export function createAddressesRepository(db: Database) {
  return {
    ...addressQueries(db),
    /** Runs `work` in one transaction; a failure leaves the member's addresses as they were. */
    transaction<T>(work: (queries: AddressQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(addressQueries(tx)));
    },
  };
}

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
