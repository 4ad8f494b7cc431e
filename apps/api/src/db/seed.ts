import { eq } from 'drizzle-orm';
import { DAY_MS, DEMO_BRANDS, DEMO_MEMBERS, DEMO_PASSWORD, DEMO_STAFF_USERS, DEMO_TENANT } from '@winery/domain';
import { hashPassword } from '../modules/auth/password.service.js';
import type { PaymentGateway } from '../modules/payments/payment-gateway.js';
import { createTestGateway, TEST_CARDS } from '../modules/payments/test-gateway.js';
import type { Database } from './database.js';
import { seedDemoBottles } from './seed-bottles.js';
import {
  addresses,
  allocationLines,
  allocations,
  brands,
  customers,
  inventoryLocations,
  offeringWines,
  offerings,
  orderLines,
  orders,
  paymentCards,
  shippingNotices,
  shippingRates,
  shippingRestrictions,
  staffUsers,
  stock,
  taxRates,
  tenants,
  wines,
} from './schema/index.js';
import {
  ABROAD,
  BANDS,
  CURRENT_COMBINATION,
  CURRENT_LETTER,
  CURRENT_NOTES,
  CURRENT_ORDER_MINIMUM_CENTS,
  CURRENT_RELEASE,
  DEMO_LOCATIONS,
  DEMO_ORDER,
  DEMO_WINES,
  LIBRARY_LETTER,
  LIBRARY_NOTES,
  LIBRARY_ORDER_MINIMUM_CENTS,
  LIBRARY_RELEASE,
  NOTICES,
  RESTRICTIONS,
  US_AIR_SHIPPING,
  US_SHIPPING,
  US_STATE_TAX,
  type DemoWineKey,
} from './seed-content.js';

const season = (date: Date) => {
  const month = date.getUTCMonth();
  if (month <= 1 || month === 11) return 'Winter';
  if (month <= 4) return 'Spring';
  if (month <= 7) return 'Summer';
  return 'Autumn';
};

const STAFF_ROLE_STORIES = {
  admin: 'everything in the staff API',
  manager: 'everything but staff accounts',
  viewer: 'reads only, every change answers 403',
} as const;

/** The demo sign-ins, in the order the README and the server's start banner list them. */
export const DEMO_SIGN_INS = [
  { email: DEMO_MEMBERS.offering, story: 'in the current offering, no order yet' },
  { email: DEMO_MEMBERS.ordered, story: 'in the current offering, one pending order' },
  { email: DEMO_MEMBERS.member, story: 'a member with no allocation' },
  { email: DEMO_MEMBERS.expired, story: 'an offering that ended 10 days ago, no order' },
  ...DEMO_STAFF_USERS.map((staff) => ({
    email: staff.email,
    story: `staff, ${staff.role}: ${STAFF_ROLE_STORIES[staff.role]} (POST /v1/staff/login)`,
  })),
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
 * Creates the demo producer, its brands, members, staff sign-ins (one per role), two locations,
 * wines, offerings (letter, vintage notes, prices, stock, members' limits), the pending order
 * AE-10001 and the rate tables — only when tenant `demo` is absent, so it is safe on every start
 * and never touches data an operator has changed.
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
  const [staffHashes, hashes] = await Promise.all([
    Promise.all(DEMO_STAFF_USERS.map(() => hashPassword(DEMO_PASSWORD))),
    Promise.all(people.map(() => hashPassword(DEMO_PASSWORD))),
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
          letter: CURRENT_LETTER,
          vintageNotes: CURRENT_NOTES,
          orderMinimumCents: CURRENT_ORDER_MINIMUM_CENTS,
        },
        {
          tenantId,
          name: 'Library Wines Offering',
          slug: 'library-wines-offering',
          startDate: new Date(now.getTime() - 40 * DAY_MS),
          endDate: new Date(now.getTime() - 10 * DAY_MS),
          metaData: { 'show-vintage-notes': true },
          letter: LIBRARY_LETTER,
          vintageNotes: LIBRARY_NOTES,
          orderMinimumCents: LIBRARY_ORDER_MINIMUM_CENTS,
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

    const allocationOf = (email: string) => placed.find((a) => a.customerId === idOf(email))!.id;

    await tx
      .insert(staffUsers)
      .values(DEMO_STAFF_USERS.map((staff, index) => ({ tenantId, email: staff.email, name: staff.name, role: staff.role, passwordHash: staffHashes[index]! })));

    const [cellarDoor, tastingRoom] = await tx
      .insert(inventoryLocations)
      .values([DEMO_LOCATIONS.cellarDoor, DEMO_LOCATIONS.tastingRoom].map((location) => ({ ...location, tenantId })))
      .returning({ id: inventoryLocations.id });

    const wineKeys = Object.keys(DEMO_WINES) as DemoWineKey[];
    const wineRows = await tx
      .insert(wines)
      .values(wineKeys.map((key) => ({ ...DEMO_WINES[key], tenantId })))
      .returning({ id: wines.id });
    const wineId = (key: DemoWineKey) => wineRows[wineKeys.indexOf(key)]!.id;

    // The current release: wines at their prices, stock at both locations, both members' limits.
    const currentWines = await tx
      .insert(offeringWines)
      .values(CURRENT_RELEASE.map((entry, index) => ({ tenantId, offeringId: current!.id, wineId: wineId(entry.wine), priceCents: entry.priceCents, sortOrder: index })))
      .returning({ id: offeringWines.id });
    const offered = (key: DemoWineKey) => currentWines[CURRENT_RELEASE.findIndex((entry) => entry.wine === key)]!.id;
    await tx.insert(stock).values(
      CURRENT_RELEASE.flatMap((entry) => [
        { tenantId, offeringWineId: offered(entry.wine), locationId: cellarDoor!.id, quantity: entry.stock.cellarDoor },
        { tenantId, offeringWineId: offered(entry.wine), locationId: tastingRoom!.id, quantity: entry.stock.tastingRoom },
      ]),
    );
    await tx.insert(allocationLines).values(
      CURRENT_RELEASE.flatMap((entry) => [
        { tenantId, allocationId: allocationOf(DEMO_MEMBERS.offering), offeringWineId: offered(entry.wine), ...entry.offering },
        ...(entry.ordered ? [{ tenantId, allocationId: allocationOf(DEMO_MEMBERS.ordered), offeringWineId: offered(entry.wine), ...entry.ordered }] : []),
      ]),
    );
    await tx
      .update(offerings)
      .set({
        combinations: [
          { wineId: offered(CURRENT_COMBINATION.wine), requiresWineId: offered(CURRENT_COMBINATION.requires), quantity: CURRENT_COMBINATION.quantity },
        ],
      })
      .where(eq(offerings.id, current!.id));

    const libraryWines = await tx
      .insert(offeringWines)
      .values(LIBRARY_RELEASE.map((entry, index) => ({ tenantId, offeringId: earlier!.id, wineId: wineId(entry.wine), priceCents: entry.priceCents, sortOrder: index })))
      .returning({ id: offeringWines.id });
    await tx.insert(stock).values(
      LIBRARY_RELEASE.map((entry, index) => ({ tenantId, offeringWineId: libraryWines[index]!.id, locationId: cellarDoor!.id, quantity: entry.stock })),
    );
    await tx.insert(allocationLines).values(
      LIBRARY_RELEASE.map((entry, index) => ({
        tenantId,
        allocationId: allocationOf(DEMO_MEMBERS.expired),
        offeringWineId: libraryWines[index]!.id,
        ...entry.limits,
      })),
    );

    // ordered@'s order, as placing it would have left it: lines, totals, the address and card it used.
    const ordering = DEMO_WALLETS.findIndex((wallet) => wallet.email === DEMO_MEMBERS.ordered);
    const shippedTo = DEMO_WALLETS[ordering]!.address;
    const addressCopy = { ...shippedTo, address2: shippedTo.address2 ?? null };
    const [order] = await tx
      .insert(orders)
      .values({
        tenantId,
        customerId: idOf(DEMO_MEMBERS.ordered),
        allocationId: allocationOf(DEMO_MEMBERS.ordered),
        number: 'AE-10001',
        status: 'pending',
        subtotalCents: DEMO_ORDER.subtotalCents,
        shippingCents: DEMO_ORDER.shippingCents,
        taxCents: DEMO_ORDER.taxCents,
        totalCents: DEMO_ORDER.totalCents,
        shippingLabel: 'shipping',
        taxLabel: 'salesTax',
        deliveryMethod: 'shipping',
        shippingAddress: addressCopy,
        billingAddress: addressCopy,
        cardBrand: tokens[ordering]!.brand,
        cardLast4: tokens[ordering]!.last4,
        placedAt: new Date(now.getTime() - 2 * DAY_MS),
      })
      .returning({ id: orders.id });
    await tx.insert(orderLines).values(
      DEMO_ORDER.lines.map((line) => {
        const entry = CURRENT_RELEASE.find((candidate) => candidate.wine === line.wine)!;
        const wine = DEMO_WINES[line.wine];
        return {
          tenantId,
          orderId: order!.id,
          offeringWineId: offered(line.wine),
          locationId: cellarDoor!.id,
          name: wine.name,
          vintage: wine.vintage,
          sizeMl: wine.sizeMl,
          quantity: line.quantity,
          unitPriceCents: entry.priceCents,
        };
      }),
    );

    await seedRateTables(tx, tenantId);
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
        preferred: true,
      })),
    );
    return true;
  });

  // Another process seeded first: its cards are the demo's, these tokens are not needed.
  if (!seeded) await Promise.all(tokens.map((token) => gateway.removeCard(token.token)));
  return seeded;
}

/**
 * Sales tax for every US state and DC; shipping by bottle band in the US (by air to Alaska and
 * Hawaii), Canada, the UK and a few EU countries, duties included abroad; Utah and Norway cannot
 * receive wine; notices for Canada, the UK and Germany.
 */
async function seedRateTables(tx: Database, tenantId: string) {
  await tx.insert(taxRates).values([
    ...Object.entries(US_STATE_TAX).map(([stateCode, rateBasisPoints]) => ({ tenantId, countryCode: 'US', stateCode, rateBasisPoints })),
    ...ABROAD.map((country) => ({ tenantId, countryCode: country.countryCode, rateBasisPoints: country.taxBasisPoints, includesDuties: true })),
  ]);
  const bands = (countryCode: string, stateCode: string | null, prices: readonly number[], includesDuties: boolean) =>
    BANDS.map((band, index) => ({ tenantId, countryCode, stateCode, ...band, priceCents: prices[index]!, includesDuties }));
  await tx.insert(shippingRates).values([
    ...bands('US', null, US_SHIPPING, false),
    ...US_AIR_SHIPPING.states.flatMap((state) => bands('US', state, US_AIR_SHIPPING.bands, false)),
    ...ABROAD.flatMap((country) => bands(country.countryCode, null, country.bands, true)),
  ]);
  await tx.insert(shippingRestrictions).values(RESTRICTIONS.map((row) => ({ ...row, tenantId })));
  await tx.insert(shippingNotices).values(NOTICES.map((row) => ({ ...row, tenantId })));
}
