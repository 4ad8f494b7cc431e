import type { Database } from '../db/database.js';
import {
  addresses,
  allocationLines,
  allocationRequests,
  allocations,
  customers,
  inventoryLocations,
  offerings,
  offeringWines,
  orders,
  paymentCards,
  staffUsers,
  stock,
  tenants,
  wines,
  type OrderStatus,
} from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.service.js';
import { DAY_MS } from '@winery/domain';

/** The tenant every factory writes to unless given another. */
export const TEST_TENANT = 'acme';
/** The password of every member and staff user a factory creates unless given another. */
export const TEST_PASSWORD = 'Correct-Horse-42';

let sequence = 0;
/** Unique within the process: names, slugs and e-mail addresses never collide between tests. */
export const unique = () => `${Date.now().toString(36)}${(sequence += 1).toString(36)}`;

/**
 * Rows straight into the database, each with overrides: what a test needs that the API cannot make
 * (offerings that have already started, orders placed in the past) or that would be slow through it.
 */
export function createFactories(db: Database) {
  const createTenant = async (id: string = `t${unique()}`, name = `Tenant ${id}`) => {
    await db.insert(tenants).values({ id, name }).onConflictDoNothing();
    return id;
  };
  /** A member; `passwordHash` given (null: invited, no password yet) is stored as it is, else `password` is hashed. */
  const createCustomer = async (
    overrides: Partial<typeof customers.$inferInsert> & { password?: string } = {},
  ) => {
    const { password = TEST_PASSWORD, passwordHash, ...rest } = overrides;
    const [row] = await db
      .insert(customers)
      .values({
        tenantId: TEST_TENANT,
        prefix: 'Ms.',
        firstName: 'Ada',
        lastName: 'Vintner',
        phone: '+1 707 555 0100',
        dateOfBirth: '1980-05-17',
        company: null,
        passwordHash: passwordHash === undefined ? await hashPassword(password) : passwordHash,
        ...rest,
        email: (rest.email ?? `member-${unique()}@example.com`).toLowerCase(),
      })
      .returning();
    return row!;
  };

  const createOffering = async (overrides: Partial<typeof offerings.$inferInsert> = {}) => {
    const now = Date.now();
    const id = unique();
    const [row] = await db
      .insert(offerings)
      .values({
        tenantId: TEST_TENANT,
        name: `Offering ${id}`,
        slug: `offering-${id}`,
        startDate: new Date(now - 5 * DAY_MS),
        endDate: new Date(now + 25 * DAY_MS),
        metaData: {},
        ...overrides,
      })
      .returning();
    return row!;
  };

  const createAllocation = async (
    input: { offeringId: string; customerId: string } & Partial<typeof allocations.$inferInsert>,
  ) => {
    const [row] = await db
      .insert(allocations)
      .values({ tenantId: TEST_TENANT, metaData: {}, ...input })
      .returning();
    return row!;
  };

  const createOrder = async (
    input: { customerId: string; allocationId: string; status?: OrderStatus } & Partial<typeof orders.$inferInsert>,
  ) => {
    const [row] = await db
      .insert(orders)
      .values({ tenantId: TEST_TENANT, number: `T-${unique()}`, totalCents: 12_000, status: 'pending', ...input })
      .returning();
    return row!;
  };

  /** A saved address, straight into the database (no default flags unless given). */
  const createAddress = async (input: { customerId: string } & Partial<typeof addresses.$inferInsert>) => {
    const [row] = await db
      .insert(addresses)
      .values({
        tenantId: TEST_TENANT,
        address1: '12 Vineyard Road',
        city: 'Sonoma',
        stateCode: 'CA',
        zipCode: '95476',
        countryCode: 'US',
        ...input,
      })
      .returning();
    return row!;
  };

  /** A saved card as the gateway would leave it: a token and what may be shown, never a number. */
  const createCard = async (input: { customerId: string } & Partial<typeof paymentCards.$inferInsert>) => {
    const [row] = await db
      .insert(paymentCards)
      .values({
        tenantId: TEST_TENANT,
        gateway: 'test',
        gatewayToken: `tok_test_factory_${unique()}`,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cardHolderName: 'Ada Vintner',
        ...input,
      })
      .returning();
    return row!;
  };

  /** A member of the winery's team (role admin unless given); `passwordHash` as for createCustomer. */
  const createStaffUser = async (overrides: Partial<typeof staffUsers.$inferInsert> & { password?: string } = {}) => {
    const { password = TEST_PASSWORD, passwordHash, ...rest } = overrides;
    const [row] = await db
      .insert(staffUsers)
      .values({
        tenantId: TEST_TENANT,
        name: 'Naomi Cellar',
        role: 'admin',
        passwordHash: passwordHash === undefined ? await hashPassword(password) : passwordHash,
        ...rest,
        email: (rest.email ?? `staff-${unique()}@example.com`).toLowerCase(),
      })
      .returning();
    return row!;
  };

  /** A catalogue wine; names are unique per test file unless given. */
  const createWine = async (overrides: Partial<typeof wines.$inferInsert> = {}) => {
    const [row] = await db
      .insert(wines)
      .values({ tenantId: TEST_TENANT, name: `Wine ${unique()}`, vintage: 2022, sizeMl: 750, description: 'Dark fruit and cedar.', ...overrides })
      .returning();
    return row!;
  };

  /** An in-house location: a pick-up point that ships, unless told otherwise. */
  const createLocation = async (overrides: Partial<typeof inventoryLocations.$inferInsert> = {}) => {
    const [row] = await db
      .insert(inventoryLocations)
      .values({
        tenantId: TEST_TENANT,
        name: `Cellar ${unique()}`,
        address: '1 Estate Road, Oakville, CA 94562',
        hours: 'Daily 10–4',
        countryCode: 'US',
        stateCode: 'CA',
        shipsFrom: true,
        pickup: true,
        ...overrides,
      })
      .returning();
    return row!;
  };

  /**
   * A wine in an offering at a price, with its stock per location. Straight into the database:
   * tests need offerings that have already started, which the staff API refuses to schedule.
   */
  const createOfferingWine = async (input: {
    offeringId: string;
    wineId?: string;
    priceCents?: number;
    sortOrder?: number;
    stock?: Array<{ locationId: string; quantity: number }>;
    tenantId?: string;
  }) => {
    const tenantId = input.tenantId ?? TEST_TENANT;
    const wineId = input.wineId ?? (await createWine({ tenantId })).id;
    const [row] = await db
      .insert(offeringWines)
      .values({ tenantId, offeringId: input.offeringId, wineId, priceCents: input.priceCents ?? 12_000, sortOrder: input.sortOrder ?? 0 })
      .returning();
    if (input.stock && input.stock.length > 0) {
      await db.insert(stock).values(input.stock.map((entry) => ({ ...entry, tenantId, offeringWineId: row!.id })));
    }
    return row!;
  };

  /** A member's limits for one wine of their allocation. */
  const createAllocationLine = async (input: {
    allocationId: string;
    offeringWineId: string;
    minimum?: number;
    maximum: number;
    tenantId?: string;
  }) => {
    const [row] = await db
      .insert(allocationLines)
      .values({ tenantId: TEST_TENANT, minimum: 0, ...input })
      .returning();
    return row!;
  };

  /** A prospect's pending request to join (the allocation list unless `kind` says otherwise). */
  const createAllocationRequest = async (overrides: Partial<typeof allocationRequests.$inferInsert> = {}) => {
    const [row] = await db
      .insert(allocationRequests)
      .values({
        tenantId: TEST_TENANT,
        kind: 'allocation',
        prefix: 'Mr.',
        firstName: 'Jules',
        lastName: 'Barrique',
        phone: '+1 707 555 0142',
        dateOfBirth: '1979-09-02',
        address: { address1: '8 Oak Knoll Avenue', address2: null, city: 'Napa', stateCode: 'CA', zipCode: '94558', countryCode: 'US' },
        ...overrides,
        email: (overrides.email ?? `prospect-${unique()}@example.com`).toLowerCase(),
      })
      .returning();
    return row!;
  };

  return {
    createTenant,
    createCustomer,
    createOffering,
    createAllocation,
    createOrder,
    createAddress,
    createCard,
    createStaffUser,
    createWine,
    createLocation,
    createOfferingWine,
    createAllocationLine,
    createAllocationRequest,
  };
}

export type Factories = ReturnType<typeof createFactories>;
