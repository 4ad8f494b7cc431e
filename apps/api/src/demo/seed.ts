import type { Database } from '../db/database.js';
import { addresses, brands, customers, paymentCards, staffUsers, tenants } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.service.js';
import type { PaymentGateway } from '../modules/payments/payment-gateway.js';
import { createTestGateway } from '../modules/payments/test-gateway.js';
import { DEMO_STANDING, generateMembers } from './demo-members.js';
import { DEMO_BRANDS, DEMO_PEOPLE, DEMO_WALLETS } from './demo-producer.js';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_STAFF_USERS, DEMO_TENANT } from './demo-sign-ins.js';
import { seedDemoBottles } from './seed-bottles.js';
import { createDemoContext, seedPastReleases } from './seed-history.js';
import { seedGeneratedMembers, seedTiers } from './seed-members.js';
import { seedOfferings } from './seed-offerings.js';
import { seedOpenRelease } from './seed-open-offering.js';
import { seedProspects } from './seed-prospects.js';
import { demoRateTables, seedRateTables } from './seed-rates.js';

/**
 * Creates the demo producer, its brands, tiers, members, staff sign-ins (one per role), two
 * locations, wines, offerings (letter, vintage notes, prices, stock, members' limits), the pending
 * order AE-10001 and the rate tables — only when tenant `demo` is absent, so it is safe on every
 * start and never touches data an operator has changed. Around the demo sign-ins, a winery's worth
 * of data for the staff console: 300 members in all (the others without passwords), two past
 * releases with their orders, the live release's allocations, invitations, orders and wishes, and
 * prospects' requests waiting (seed-members.ts, seed-history.ts, seed-open-offering.ts).
 * Dates are relative to `now` so the demo always has a live offering.
 * Demo cards are saved through the built-in test gateway, whatever PAYMENT_GATEWAY says: a real
 * gateway would refuse test numbers.
 * Returns whether it seeded.
 */
export async function seedDemo(
  db: Database,
  now: Date = new Date(),
  gateway: PaymentGateway = createTestGateway(),
): Promise<boolean> {
  const existing = await db.query.tenants.findFirst({ where: (t, { eq }) => eq(t.id, DEMO_TENANT.slug) });
  if (existing) return false;

  // Each member gets their own salt, so identical demo passwords still hash differently.
  const [staffHashes, hashes] = await Promise.all([
    Promise.all(DEMO_STAFF_USERS.map(() => hashPassword(DEMO_PASSWORD))),
    Promise.all(DEMO_PEOPLE.map(() => hashPassword(DEMO_PASSWORD))),
  ]);

  // Cards expire at the end of a month three years on, so the demo never shows an expired card.
  const expiry = { expMonth: 12, expYear: now.getUTCFullYear() + 3 };
  // The gateway is called before the transaction: no network call holds database locks.
  const tokens = await Promise.all(
    DEMO_WALLETS.map(async (wallet) => {
      const result = await gateway.tokenizeCard({ ...wallet.card, ...expiry });
      if (result.status !== 'approved') throw new Error(`The demo card of ${wallet.email} was not approved (${result.status}).`);
      return result;
    }),
  );

  const generated = generateMembers(now);

  const seeded = await db.transaction(async (tx) => {
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

    const tierId = await seedTiers(tx, tenantId);
    const members = await tx
      .insert(customers)
      .values(
        DEMO_PEOPLE.map((person, index) => ({
          ...person,
          tenantId,
          passwordHash: hashes[index]!,
          tierId: tierId[DEMO_STANDING[person.email]!.tier],
          memberSince: DEMO_STANDING[person.email]!.memberSince,
        })),
      )
      .returning({ id: customers.id, email: customers.email });
    const idOf = (email: string) => members.find((m) => m.email === email)!.id;

    await tx
      .insert(staffUsers)
      .values(DEMO_STAFF_USERS.map((staff, index) => ({ tenantId, email: staff.email, name: staff.name, role: staff.role, passwordHash: staffHashes[index]! })));

    const orderCard = tokens[DEMO_WALLETS.findIndex((wallet) => wallet.email === DEMO_MEMBERS.ordered)]!;
    await seedGeneratedMembers(tx, tenantId, generated, tierId);
    const { wineId, current, locations } = await seedOfferings(tx, { tenantId, now, memberId: idOf, orderCard });
    await seedRateTables(tx, tenantId);
    const context = createDemoContext({ tenantId, now, currentStart: current.startDate, members: generated, locations, tables: demoRateTables(tenantId) });
    await seedPastReleases(tx, context);
    await seedOpenRelease(tx, context, current);
    await seedProspects(tx, { tenantId, now, random: context.random, takenEmails: new Set([...members.map((m) => m.email), ...generated.map((m) => m.email)]) });
    // The bottle registry: 300 demo bottles with IDs from a seeded generator (seed-bottles.ts).
    await seedDemoBottles(tx, tenantId, wineId);

    await tx.insert(addresses).values(
      DEMO_WALLETS.map((wallet) => ({
        ...wallet.address,
        tenantId,
        customerId: idOf(wallet.email),
        isDefaultShipping: true,
        isDefaultBilling: true,
      })),
    );
    await tx.insert(paymentCards).values(
      DEMO_WALLETS.map((wallet, index) => ({
        tenantId,
        customerId: idOf(wallet.email),
        gateway: gateway.name,
        gatewayToken: tokens[index]!.token,
        brand: tokens[index]!.brand,
        last4: tokens[index]!.last4,
        ...expiry,
        cardHolderName: wallet.card.cardHolderName,
        fingerprint: tokens[index]!.fingerprint,
        preferred: true,
      })),
    );
    return true;
  });

  // Another process seeded first: its cards are the demo's, these tokens are not needed.
  if (!seeded) await Promise.all(tokens.map((token) => gateway.removeCard(token.token)));
  return seeded;
}
