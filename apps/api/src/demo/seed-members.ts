import type { Database } from '../db/database.js';
import { addresses, customers, tiers } from '../db/schema/index.js';
import { DEMO_TIERS, type DemoTierKey, type GeneratedMember } from './demo-members.js';
import { insertMany } from './demo-insert.js';

/** The winery's tiers; returns each one's id. */
export async function seedTiers(tx: Database, tenantId: string): Promise<Record<DemoTierKey, string>> {
  const rows = await tx
    .insert(tiers)
    .values(DEMO_TIERS.map((tier) => ({ tenantId, name: tier.name, rank: tier.rank })))
    .returning({ id: tiers.id, rank: tiers.rank });
  const idOf = (rank: number) => rows.find((row) => row.rank === rank)!.id;
  return Object.fromEntries(DEMO_TIERS.map((tier) => [tier.key, idOf(tier.rank)])) as Record<DemoTierKey, string>;
}

/** The generated members (no password: they sign in by e-mailed link) and their one address each. */
export async function seedGeneratedMembers(tx: Database, tenantId: string, members: readonly GeneratedMember[], tierId: Record<DemoTierKey, string>) {
  await insertMany(
    tx,
    customers,
    members.map((member) => ({
      id: member.id,
      tenantId,
      email: member.email,
      prefix: member.prefix,
      firstName: member.firstName,
      lastName: member.lastName,
      phone: member.phone,
      dateOfBirth: member.dateOfBirth,
      company: member.company,
      tierId: tierId[member.tier],
      memberSince: member.memberSince,
      deactivatedAt: member.deactivatedAt,
      createdAt: new Date(`${member.memberSince}T17:00:00Z`),
    })),
  );
  await insertMany(
    tx,
    addresses,
    members.map((member) => ({ ...member.address, tenantId, customerId: member.id, isDefaultShipping: true, isDefaultBilling: true })),
  );
}
