import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { StaffMemberDetail } from '@winery/domain';
import type { Database } from '../../db/database.js';
import {
  addresses,
  allocationLines,
  allocations,
  customers,
  linkTokens,
  offerings,
  offeringWines,
  orderLines,
  orders,
  tiers,
  wines,
  wishes,
} from '../../db/schema/index.js';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Everything the console's member page shows, read in a few queries. Undefined for an unknown member. */
export async function readMemberDetail(db: Database, tenantId: string, customerId: string): Promise<StaffMemberDetail | undefined> {
  const [member] = await db
    .select({ customer: customers, tierName: tiers.name })
    .from(customers)
    .leftJoin(tiers, eq(tiers.id, customers.tierId))
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!member) return undefined;
  const { customer } = member;

  const [addressRows, allocationRows, wishRows, orderRows, linkRows] = await Promise.all([
    db.select().from(addresses).where(and(eq(addresses.tenantId, tenantId), eq(addresses.customerId, customerId))).orderBy(asc(addresses.createdAt)),
    db
      .select({
        allocationId: allocations.id,
        offeringId: offerings.id,
        offeringName: offerings.name,
        startDate: offerings.startDate,
        endDate: offerings.endDate,
        bottlesOffered: sql<number>`coalesce((select sum(${allocationLines.maximum}) from ${allocationLines} where ${allocationLines.allocationId} = ${allocations.id}), 0)::int`,
        bottlesTaken: sql<number>`coalesce((select sum(${orderLines.quantity}) from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId} where ${orders.allocationId} = ${allocations.id} and ${orders.status} <> 'cancelled'), 0)::int`,
        ordered: sql<boolean>`exists (select 1 from ${orders} where ${orders.allocationId} = ${allocations.id} and ${orders.status} <> 'cancelled')`,
      })
      .from(allocations)
      .innerJoin(offerings, eq(offerings.id, allocations.offeringId))
      .where(and(eq(allocations.tenantId, tenantId), eq(allocations.customerId, customerId)))
      .orderBy(desc(offerings.startDate)),
    db
      .select({
        id: wishes.id,
        offeringName: offerings.name,
        wineName: wines.name,
        vintage: wines.vintage,
        quantity: wishes.quantity,
        status: wishes.status,
        grantedQuantity: wishes.grantedQuantity,
        createdAt: wishes.createdAt,
        decidedAt: wishes.decidedAt,
      })
      .from(wishes)
      .innerJoin(allocations, eq(allocations.id, wishes.allocationId))
      .innerJoin(offerings, eq(offerings.id, allocations.offeringId))
      .innerJoin(offeringWines, eq(offeringWines.id, wishes.offeringWineId))
      .innerJoin(wines, eq(wines.id, offeringWines.wineId))
      .where(and(eq(wishes.tenantId, tenantId), eq(allocations.customerId, customerId)))
      .orderBy(desc(wishes.createdAt)),
    db
      .select({
        id: orders.id,
        number: orders.number,
        placedAt: orders.placedAt,
        totalCents: orders.totalCents,
        status: orders.status,
        fulfilmentStatus: orders.fulfilmentStatus,
        offeringName: offerings.name,
      })
      .from(orders)
      .leftJoin(allocations, eq(allocations.id, orders.allocationId))
      .leftJoin(offerings, eq(offerings.id, allocations.offeringId))
      .where(and(eq(orders.tenantId, tenantId), eq(orders.customerId, customerId)))
      .orderBy(desc(orders.placedAt)),
    // Never the token or its digest: what the link was for and what became of it.
    db
      .select({ purpose: linkTokens.purpose, createdAt: linkTokens.createdAt, expiresAt: linkTokens.expiresAt, usedAt: linkTokens.usedAt })
      .from(linkTokens)
      .where(and(eq(linkTokens.tenantId, tenantId), eq(linkTokens.customerId, customerId)))
      .orderBy(desc(linkTokens.createdAt))
      .limit(100),
  ]);

  return {
    id: customer.id,
    prefix: customer.prefix,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    dateOfBirth: customer.dateOfBirth,
    company: customer.company,
    tierId: customer.tierId,
    tierName: member.tierName,
    memberSince: customer.memberSince,
    active: customer.deactivatedAt === null,
    deactivatedAt: iso(customer.deactivatedAt),
    hasPassword: customer.passwordHash !== null,
    mailPreferences: { offeringInvitations: customer.mailOfferingInvitations, offeringReminders: customer.mailOfferingReminders, news: customer.mailNews },
    createdAt: customer.createdAt.toISOString(),
    lastActivityDate: iso(customer.lastActivityDate),
    addresses: addressRows.map((row) => ({
      id: row.id,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      stateCode: row.stateCode,
      zipCode: row.zipCode,
      countryCode: row.countryCode,
      isDefaultShipping: row.isDefaultShipping,
      isDefaultBilling: row.isDefaultBilling,
    })),
    allocations: allocationRows.map((row) => ({
      ...row,
      startDate: row.startDate.toISOString(),
      endDate: row.endDate.toISOString(),
      bottlesOffered: Number(row.bottlesOffered),
      bottlesTaken: Number(row.bottlesTaken),
      ordered: Boolean(row.ordered),
    })),
    wishes: wishRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), decidedAt: iso(row.decidedAt) })),
    orders: orderRows.map((row) => ({ ...row, placedAt: row.placedAt.toISOString() })),
    links: linkRows.map((row) => ({ purpose: row.purpose, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), usedAt: iso(row.usedAt) })),
  };
}
