import { DEMO_BRANDS, DEMO_MEMBERS, DEMO_PASSWORD, DEMO_TENANT } from '@winery/domain';
import { hashPassword } from '../modules/auth/password.service.js';
import type { PaymentGateway } from '../modules/payments/payment-gateway.js';
import { createTestGateway, TEST_CARDS } from '../modules/payments/test-gateway.js';
import type { Database } from './database.js';
import { addresses, allocations, brands, customers, offerings, orders, paymentCards, tenants } from './schema/index.js';

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

/** Saved addresses and cards of the two members in the current offering; member@ has none. */
const DEMO_WALLETS = [
  {
    email: DEMO_MEMBERS.offering,
    address: { address1: '2150 Silverado Trail', address2: null, city: 'Napa', stateCode: 'CA', zipCode: '94558', countryCode: 'US' },
    card: { cardNumber: TEST_CARDS.approved, cvv: '123', cardHolderName: 'Eleanor Whitcombe' },
  },
  {
    email: DEMO_MEMBERS.ordered,
    address: { address1: '410 Park Avenue', address2: 'Apt 12B', city: 'New York', stateCode: 'NY', zipCode: '10022', countryCode: 'US' },
    card: { cardNumber: '5555555555554444', cvv: '321', cardHolderName: 'James Okafor' },
  },
] as const;

/**
 * Creates the demo producer, its brands, members and offerings — only when tenant `demo` is
 * absent, so it is safe on every start and never touches data an operator has changed.
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

  const people = [
    { email: DEMO_MEMBERS.offering, prefix: 'Mrs.', firstName: 'Eleanor', lastName: 'Whitcombe', phone: '+1 415 555 0123', dateOfBirth: '1972-04-18', company: null },
    { email: DEMO_MEMBERS.ordered, prefix: 'Mr.', firstName: 'James', lastName: 'Okafor', phone: '+1 212 555 0198', dateOfBirth: '1965-11-02', company: 'Okafor & Partners' },
    { email: DEMO_MEMBERS.member, prefix: 'Ms.', firstName: 'Sofia', lastName: 'Marchetti', phone: '+1 310 555 0177', dateOfBirth: '1980-07-09', company: null },
    { email: DEMO_MEMBERS.expired, prefix: 'Dr.', firstName: 'Henry', lastName: 'Lindqvist', phone: '+1 503 555 0150', dateOfBirth: '1958-02-27', company: null },
  ];
  // Each member gets their own salt, so identical demo passwords still hash differently.
  const hashes = await Promise.all(people.map(() => hashPassword(DEMO_PASSWORD)));

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
        preferred: true,
      })),
    );
    return true;
  });

  // Another process seeded first: its cards are the demo's, these tokens are not needed.
  if (!seeded) await Promise.all(tokens.map((token) => gateway.removeCard(token.token)));
  return seeded;
}
