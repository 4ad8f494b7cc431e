import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { orderLines, orders, tiers, wineImages, wishes } from '../db/schema/index.js';
import type { Operation } from './openapi-inputs.js';
import { createUnsubscribeTokens } from '../modules/mail/unsubscribe-tokens.js';
import { createOrderingFixtures } from './ordering-fixtures.js';
import { TEST_PASSWORD, TEST_TENANT, type TestApp } from './test-app.js';
import { DAY_MS } from '@winery/domain';

/*
 * What the write-route fuzzer needs to get past "not found" and "not valid" to the handlers: an
 * open offering, a staff admin, members with an address, a card, a cart and a sign-in request,
 * a real row for every path parameter, and realistic values by property name.
 */

const NEW_PASSWORD = 'Another-Vintage-2027';

export async function createFuzzFixtures(t: TestApp) {
  const fixtures = await createOrderingFixtures(t);
  const { offering, wines } = await fixtures.createOpenOffering({ wines: [{ stock: 10_000 }, { stock: 10_000 }] });
  const staffUser = await t.createStaffUser({ role: 'admin' });
  const staffToken = await t.signInStaff(staffUser.email);

  /** A member of their own, per route: what one route's runs do to a member stays with that route. */
  async function createWorld() {
    const member = await fixtures.createMember(offering.id, { [wines[0]!.id]: { maximum: 24 }, [wines[1]!.id]: { maximum: 12 } });
    const base = `/v1/${TEST_TENANT}/customer/${member.customer.id}`;
    const cart = await t.app.inject({
      method: 'PUT',
      url: `${base}/cart`,
      headers: { tenant: TEST_TENANT, authorization: member.token },
      payload: { allocationId: member.allocation.id, lines: [{ wineId: wines[0]!.id, quantity: 2 }] },
    });
    const signInRequest = await t.app.inject({ method: 'POST', url: '/v1/customer/login-link', headers: { tenant: TEST_TENANT }, payload: { email: member.customer.email } });
    if (cart.statusCode !== 200 || signInRequest.statusCode !== 202) throw new Error(`fixtures: cart ${cart.statusCode}, sign-in request ${signInRequest.statusCode}`);
    return { ...member, cartId: (cart.json() as { id: string }).id, signInRequestId: (signInRequest.json() as { requestId: string }).requestId };
  }

  type World = Awaited<ReturnType<typeof createWorld>>;

  /** A real row for each path parameter, fresh where a run may delete or decide it. */
  function pathFixture(op: Operation, name: string, world: World): () => Promise<string> {
    const { db, tenantId } = t;
    switch (name) {
      case 'tenant':
        return async () => TEST_TENANT;
      case 'customerId':
        return async () => world.customer.id;
      case 'allocationId':
        return async () => world.allocation.id;
      case 'cartId':
        return async () => world.cartId;
      case 'offeringId':
        // Closing or publishing changes the offering for good: those get one of their own per run.
        if (op.path.endsWith('/close')) return async () => (await t.createOffering()).id;
        if (op.path.endsWith('/publish')) return async () => (await t.createOffering({ status: 'draft' })).id;
        return async () => offering.id;
      case 'wineId':
        // A catalogue wine of its own per run: an edit may rename it. Removing a picture needs one there.
        if (op.method === 'delete' && op.path.endsWith('/image')) {
          return async () => {
            const wine = await t.createWine();
            await t.db.insert(wineImages).values({
              tenantId: t.tenantId,
              wineId: wine.id,
              variant: 'original',
              contentType: 'image/webp',
              width: 320,
              height: 960,
              data: new Uint8Array([0x52, 0x49, 0x46, 0x46]),
              etag: 'fuzz',
            });
            return wine.id;
          };
        }
        return async () => (await t.createWine()).id;
      case 'addressId':
        return async () => (await t.createAddress({ customerId: world.customer.id })).id;
      case 'cardId':
        return async () => (await t.createCard({ customerId: world.customer.id })).id;
      case 'wishId':
        return async () => {
          // One wish per member and wine: each run puts it back to "requested" for staff to decide.
          const [row] = await db
            .insert(wishes)
            .values({ tenantId, allocationId: world.allocation.id, offeringWineId: wines[1]!.id, quantity: 3 })
            .onConflictDoUpdate({ target: [wishes.allocationId, wishes.offeringWineId], set: { status: 'requested', decidedAt: null } })
            .returning();
          return row!.id;
        };
      case 'orderId':
        // A fresh order per request (placed, one bottle from the cellar): a run may ship or cancel it.
        return async () => {
          const [order] = await db
            .insert(orders)
            .values({ tenantId, customerId: world.customer.id, allocationId: world.allocation.id, number: `AE-F${randomUUID().slice(0, 8)}`, subtotalCents: 10_000, totalCents: 10_000 })
            .returning();
          await db.insert(orderLines).values({ tenantId, orderId: order!.id, offeringWineId: wines[0]!.id, locationId: fixtures.cellar.id, name: 'Fuzz', vintage: 2021, sizeMl: 750, quantity: 1, unitPriceCents: 10_000 });
          return order!.id;
        };
      case 'requestId':
        if (op.path.startsWith('/v1/customer/login-link/')) return async () => world.signInRequestId;
        if (op.path.startsWith('/v1/staff/allocation-requests/')) {
          return async () => (await t.createAllocationRequest({ email: `prospect-${randomUUID()}@example.com` })).id;
        }
        break;
      case 'staffUserId':
        // A colleague of their own per run, in the state the action applies to: deactivated to
        // reactivate, invited (no password yet) to invite again, an active viewer otherwise.
        return async () =>
          (
            await t.createStaffUser({
              role: 'viewer',
              ...(op.path.endsWith('/reactivate') ? { deactivatedAt: new Date() } : {}),
              ...(op.path.endsWith('/invitation') ? { passwordHash: null } : {}),
            })
          ).id;
      case 'token':
        // An unsubscribe link of this world's member (issue 15), good for a day: runs reach the handler.
        if (op.path.includes('/unsubscribe/')) {
          return async () =>
            createUnsubscribeTokens(t.signingKeys.privateKey).issue({ customerId: world.customer.id, preference: 'news', expiresAt: new Date(Date.now() + DAY_MS) });
        }
        break;
      case 'tierId':
        return async () => (await db.insert(tiers).values({ tenantId, name: `Tier ${randomUUID().slice(0, 8)}`, rank: 9 }).returning())[0]!.id;
      default:
        break;
    }
    throw new Error(`${op.method.toUpperCase()} ${op.path}: no fixture for path parameter {${name}}; add one so the fuzzer reaches the handler`);
  }

  /** Values that reach past "not valid": this world's own ids, the demo card numbers, the real password. */
  function hintsFor(world: World): Record<string, fc.Arbitrary<unknown>> {
    const wineIds = [wines[0]!.id, wines[1]!.id, wines[0]!.wineId, wines[1]!.wineId];
    const now = Date.now();
    return {
      email: fc.constantFrom(world.customer.email, staffUser.email),
      confirmEmail: fc.constantFrom(world.customer.email),
      password: fc.constantFrom(TEST_PASSWORD, NEW_PASSWORD),
      currentPassword: fc.constantFrom(TEST_PASSWORD, 'Not-The-Password-1'),
      confirmPassword: fc.constantFrom(NEW_PASSWORD),
      newPassword: fc.constantFrom(NEW_PASSWORD),
      token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      prefix: fc.constantFrom('Ms.', 'Dr.', ''),
      firstName: fc.constantFrom('Ada', 'Zoë'),
      lastName: fc.constantFrom('Vintner', "O'Brien"),
      company: fc.constantFrom('Aldermoor Estate', ''),
      address1: fc.constantFrom('12 Vineyard Road', '1 Rue du Bac'),
      address2: fc.constantFrom('Suite 4', ''),
      city: fc.constantFrom('Sonoma', 'New York'),
      idealAllocation: fc.constantFrom('Two cases a year'),
      name: fc.uuid().map((id) => `Melbury ${id.slice(0, 8)}`),
      slug: fc.uuid().map((id) => `release-${id.slice(0, 8)}`),
      title: fc.constantFrom('A letter from the cellar'),
      signature: fc.constantFrom('Catherine\nAldermoor'),
      paragraphs: fc.constant(['Dear member,', 'The 2024 vintage is in bottle.']),
      description: fc.constantFrom('Dark fruit and cedar.'),
      tastingNotes: fc.constantFrom('Cassis, graphite.'),
      markdown: fc.constantFrom('Dear **member**,\n\n- one\n- two', '<script>x</script>'),
      letterMarkdown: fc.constantFrom('Dear **member**', ''),
      vintageNotesMarkdown: fc.constantFrom('## Melbury 2022\n\nDense.'),
      defaultMinimum: fc.constant(0),
      defaultMaximum: fc.constantFrom(6, 12),
      reminderDaysBefore: fc.constantFrom(null, 3),
      text: fc.constantFrom('Shipments leave in spring.'),
      // The stored offering has started (its start may not move); a new one starts tomorrow at the earliest.
      startDate: fc.constantFrom(offering.startDate.toISOString(), new Date(now + 2 * DAY_MS).toISOString()),
      endDate: fc.constantFrom(offering.endDate.toISOString(), new Date(now + 40 * DAY_MS).toISOString()),
      vintage: fc.constantFrom(2022, 2019),
      sizeMl: fc.constantFrom(750, 1_500),
      quantity: fc.integer({ min: 1, max: 3 }),
      minimum: fc.constant(0),
      maximum: fc.constantFrom(6, 12),
      priceCents: fc.constantFrom(12_000),
      orderMinimumCents: fc.constantFrom(0, 5_000),
      rateBasisPoints: fc.constantFrom(725),
      minBottles: fc.constantFrom(1, 7),
      maxBottles: fc.constantFrom(6, null),
      // One country throughout, so that the address, the phone and the delivery agree.
      countryCode: fc.constantFrom('US', 'us'),
      phoneCountry: fc.constant('US'),
      stateCode: fc.constantFrom('CA', 'NY'),
      zipCode: fc.constantFrom('95476', '10013'),
      phone: fc.constantFrom('707 555 0100', '+1 707 555 0100'),
      dateOfBirth: fc.constantFrom('1980-05-17', '2015-01-01'),
      cardNumber: fc.constantFrom('4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 0119', '4000 0000 0000 0341'),
      cardHolderName: fc.constantFrom('Ada Vintner'),
      expirationDate: fc.constant('12/40'),
      cvv: fc.constant('123'),
      bottleId: fc.constantFrom('A123-B89Z', 'a123b89z', 'ZZZZ-ZZZZ'),
      wineId: fc.constantFrom(...wineIds),
      requiresWineId: fc.constantFrom(...wineIds),
      allocationId: fc.constantFrom(world.allocation.id),
      cartId: fc.constantFrom(world.cartId),
      shippingAddressId: fc.constantFrom(world.address.id),
      billingAddressId: fc.constantFrom(world.address.id),
      cardId: fc.constantFrom(world.card.id),
      locationId: fc.constantFrom(fixtures.cellar.id, fixtures.room.id),
      customerId: fc.constantFrom(world.customer.id),
      customerIds: fc.constant([world.customer.id]),
      csv: fc
        .tuple(fc.stringMatching(/^[A-Z0-9]{4}$/), fc.integer({ min: 1, max: 999_999 }))
        .map(([half, number]) => `bottle_id,bottle_number,wine_id\nQ7Q7-${half},${number},${wines[0]!.wineId}\n`),
    };
  }

  return { offering, wines, staffUser, staffToken, createWorld, pathFixture, hintsFor };
}

export type FuzzFixtures = Awaited<ReturnType<typeof createFuzzFixtures>>;
export type FuzzWorld = Awaited<ReturnType<FuzzFixtures['createWorld']>>;
