import { DEMO_BRANDS, DEMO_MEMBERS, DEMO_PASSWORD, DEMO_TENANT } from '@winery/domain';
import { hashPassword } from '../modules/auth/password.service.js';
import type { Database } from './database.js';
import { allocations, brands, customers, offerings, orders, tenants } from './schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const season = (date: Date) => {
  const month = date.getUTCMonth();
  if (month <= 1 || month === 11) return 'Winter';
  if (month <= 4) return 'Spring';
  if (month <= 7) return 'Summer';
  return 'Autumn';
};

/** The four demo sign-ins, in the order the README and the server's start banner list them. */
export const DEMO_SIGN_INS = [
  { email: DEMO_MEMBERS.offering, story: 'in the current offering, no order yet' },
  { email: DEMO_MEMBERS.ordered, story: 'in the current offering, one pending order' },
  { email: DEMO_MEMBERS.member, story: 'a member with no allocation' },
  { email: DEMO_MEMBERS.expired, story: 'an offering that ended 10 days ago, no order' },
] as const;

/**
 * Creates the demo producer, its brands, members and offerings — only when tenant `demo` is
 * absent, so it is safe on every start and never touches data an operator has changed.
 * Dates are relative to `now` so the demo always has a live offering.
 * Returns whether it seeded.
 */
export async function seedDemo(db: Database, now: Date = new Date()): Promise<boolean> {
  const existing = await db.query.tenants.findFirst({ where: (t, { eq }) => eq(t.id, DEMO_TENANT.slug) });
  if (existing) return false;

  const people = [
    { email: DEMO_MEMBERS.offering, prefix: 'Mrs.', firstName: 'Eleanor', lastName: 'Whitcombe', phone: '+1 415 555 0123', dateOfBirth: '1972-04-18', company: null },
    { email: DEMO_MEMBERS.ordered, prefix: 'Mr.', firstName: 'James', lastName: 'Okafor', phone: '+1 212 555 0198', dateOfBirth: '1965-11-02', company: 'Okafor & Partners' },
    { email: DEMO_MEMBERS.member, prefix: 'Ms.', firstName: 'Sofia', lastName: 'Marchetti', phone: '+1 310 555 0177', dateOfBirth: '1980-07-09', company: null },
    { email: DEMO_MEMBERS.expired, prefix: 'Dr.', firstName: 'Henry', lastName: 'Lindqvist', phone: '+1 503 555 0150', dateOfBirth: '1958-02-27', company: null },
  ];
  // Each member gets their own salt, so identical demo passwords still hash differently.
  const hashes = await Promise.all(people.map(() => hashPassword(DEMO_PASSWORD)));

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(tenants)
      .values({ id: DEMO_TENANT.slug, name: DEMO_TENANT.name })
      .onConflictDoNothing()
      .returning();
    // Another process seeded between our check and this insert.
    if (inserted.length === 0) return false;
    const tenantId = DEMO_TENANT.slug;

    await tx.insert(brands).values(
      DEMO_BRANDS.map((brand, index) => ({
        tenantId,
        slug: brand.slug,
        name: brand.name,
        phone: brand.phone,
        email: brand.email,
        addressLine1: brand.postalAddress.line1,
        city: brand.postalAddress.city,
        state: brand.postalAddress.state,
        postalCode: brand.postalAddress.postalCode,
        country: brand.postalAddress.country,
        isPrimary: brand.primary,
        sortOrder: index,
      })),
    );

    const members = await tx
      .insert(customers)
      .values(people.map((person, index) => ({ ...person, tenantId, passwordHash: hashes[index]! })))
      .returning({ id: customers.id, email: customers.email });
    const idOf = (email: string) => members.find((m) => m.email === email)!.id;

    const currentStart = new Date(now.getTime() - 5 * DAY_MS);
    const [current, earlier] = await tx
      .insert(offerings)
      .values([
        {
          tenantId,
          name: `${season(currentStart)} ${currentStart.getUTCFullYear()} Release`,
          slug: `${season(currentStart).toLowerCase()}-${currentStart.getUTCFullYear()}-release`,
          startDate: currentStart,
          endDate: new Date(now.getTime() + 25 * DAY_MS),
          metaData: { 'show-vintage-notes': true },
        },
        {
          tenantId,
          name: 'Library Wines Offering',
          slug: 'library-wines-offering',
          startDate: new Date(now.getTime() - 40 * DAY_MS),
          endDate: new Date(now.getTime() - 10 * DAY_MS),
          metaData: { 'show-vintage-notes': true },
        },
      ])
      .returning({ id: offerings.id });

    const placed = await tx
      .insert(allocations)
      .values([
        { tenantId, offeringId: current!.id, customerId: idOf(DEMO_MEMBERS.offering) },
        { tenantId, offeringId: current!.id, customerId: idOf(DEMO_MEMBERS.ordered) },
        { tenantId, offeringId: earlier!.id, customerId: idOf(DEMO_MEMBERS.expired) },
      ])
      .returning({ id: allocations.id, customerId: allocations.customerId });

    const orderedAllocation = placed.find((a) => a.customerId === idOf(DEMO_MEMBERS.ordered))!;
    await tx.insert(orders).values({
      tenantId,
      customerId: idOf(DEMO_MEMBERS.ordered),
      allocationId: orderedAllocation.id,
      number: 'AE-10001',
      status: 'pending',
      totalCents: 64_800,
      placedAt: new Date(now.getTime() - 2 * DAY_MS),
    });
    return true;
  });
}
