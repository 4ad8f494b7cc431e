import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALLOCATION_GRACE_MS } from '@winery/domain';
import type { Database } from '../db/database.js';
import { addresses, allocationLines, allocations, customers, inventoryLocations, offerings, orderLines, orders, paymentCards, tiers } from '../db/schema/index.js';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_TENANT } from '../demo/demo-sign-ins.js';
import type { PaymentGateway } from '../modules/payments/payment-gateway.js';
import { TEST_CARDS } from '../modules/payments/test-gateway.js';
import { hashPassword } from '../modules/auth/password.service.js';
import { ApiError, fieldError } from '../shared/api-error.js';
import { API_MESSAGES } from '../shared/api-messages.js';
import { FIXTURES_SECRET_ENV, FIXTURES_SECRET_HEADER, MAX_ADVANCE_MS, MIN_SECRET_LENGTH, type SimulatedClock } from './e2e-environment.js';
import { createFactories, unique } from './factories.js';

/**
 * Fixtures for the browser tests: each spec makes members and staff of its own in the demo tenant,
 * so no spec depends on what another one changed and spec files can run side by side.
 *
 * Never in production: these routes are registered only by src/testing/e2e-server.ts, the
 * browser tests' own entry point. src/testing is left out of the build (tsconfig.json), so
 * dist/server.js — what `npm start` and a deployment run — has no code that could serve them,
 * whatever its environment says (e2e-fixtures.test.ts starts it with the secret set and gets 404).
 * Even there, each request must carry the secret the harness chose for that run (its name, the
 * header and the prefix are in e2e-environment.ts, which the entry reads before loading the app).
 */

export type DemoStory = keyof typeof DEMO_MEMBERS;
const STORIES = Object.keys(DEMO_MEMBERS) as [DemoStory, ...DemoStory[]];

/** Test numbers of the test gateway by brand: a cloned card is saved through the gateway again. */
const CARD_NUMBERS: Record<string, string> = { visa: TEST_CARDS.approved, mastercard: '5555555555554444' };

export interface FixturesOptions {
  db: Database;
  paymentGateway: PaymentGateway;
  secret: string;
  /** The simulated clock (WINERY_TEST_CLOCK=simulated): adds POST /clock, which moves it. */
  clock?: SimulatedClock;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The hash every fixture member and staff user signs in with: DEMO_PASSWORD at the production cost
 * (signing in verifies it as any member's), hashed once per server instead of once each. A hash
 * costs about 0.1–0.17 s of CPU on a CI machine, and the browser tests make hundreds of people (a
 * waiting room's release alone makes dozens) on the two cores the browser and the server share.
 */
let demoPasswordHash: Promise<string> | undefined;
const fixturePasswordHash = () => (demoPasswordHash ??= hashPassword(DEMO_PASSWORD));

/** The server's now: the simulated clock's when there is one, as the app itself reads it. */
const serverNow = (options: FixturesOptions) => options.clock?.now() ?? new Date();

export async function e2eFixturesRoutes(app: FastifyInstance, options: FixturesOptions) {
  if (options.secret.length < MIN_SECRET_LENGTH) throw new Error(`${FIXTURES_SECRET_ENV} must be a random string of at least ${MIN_SECRET_LENGTH} characters.`);
  const expected = digest(options.secret);
  const factories = createFactories(options.db);
  const tenantId = DEMO_TENANT.slug;

  // Without the run's secret the routes answer as if they did not exist.
  app.addHook('onRequest', async (request) => {
    const given = request.headers[FIXTURES_SECRET_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw new ApiError('notFound', API_MESSAGES.routeNotFound);
    }
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true } as const;

  routes.post(
    '/members',
    {
      schema: {
        ...hidden,
        body: z.object({ like: z.enum(STORIES), tierName: z.string().min(1).max(120).optional(), pastReleases: z.boolean().default(false) }),
      },
    },
    async (request, reply) => {
      const { like, tierName, pastReleases } = request.body;
      return reply.code(201).send(await cloneMember(options, factories, tenantId, like, { tierName, pastReleases }));
    },
  );

  routes.post(
    '/staff',
    { schema: { ...hidden, body: z.object({ role: z.enum(['admin', 'manager', 'viewer']).default('admin') }) } },
    async (request, reply) => {
      const staff = await factories.createStaffUser({ tenantId, role: request.body.role, passwordHash: await fixturePasswordHash(), email: `e2e-staff-${unique()}@example.com` });
      return reply.code(201).send({ tenant: tenantId, email: staff.email, password: DEMO_PASSWORD, role: staff.role });
    },
  );

  waitingRoomFixtures(app, options, factories, tenantId);
  if (options.clock) clockRoute(app, options.clock);
}

/**
 * A new member in the situation of a demo member (`like`): the same person under a new e-mail
 * address, in the same offerings with the same limits, the same saved addresses and cards (saved
 * through the gateway again) and copies of their orders under new numbers. In no tier, unless
 * `tierName` names one of the tenant's (then in that tier: openings by tier, issue 17). With
 * `pastReleases`, also allocated in the releases that closed before the grace window (seed §4),
 * as a member of long standing is (the named demo members are not: their stories are about the
 * current release).
 */
async function cloneMember(
  options: FixturesOptions,
  factories: ReturnType<typeof createFactories>,
  tenantId: string,
  like: DemoStory,
  { tierName, pastReleases = false }: { tierName?: string | undefined; pastReleases?: boolean } = {},
) {
  const { db, paymentGateway } = options;
  const source = await db.query.customers.findFirst({
    where: and(eq(customers.tenantId, tenantId), eq(customers.email, DEMO_MEMBERS[like])),
  });
  if (!source) throw new ApiError('notFound', `The demo member ${DEMO_MEMBERS[like]} is missing.`);
  let tierId: string | null = null;
  if (tierName !== undefined) {
    const tier = await db.query.tiers.findFirst({ where: and(eq(tiers.tenantId, tenantId), eq(tiers.name, tierName)) });
    if (!tier) throw fieldError('tierName', 'notFound', `The demo producer has no tier named ${tierName}.`);
    tierId = tier.id;
  }
  const { prefix, firstName, lastName, phone, dateOfBirth, company } = source;
  const member = await factories.createCustomer({
    tenantId,
    prefix,
    firstName,
    lastName,
    phone,
    dateOfBirth,
    company,
    tierId,
    email: `e2e-${like}-${unique()}@example.com`,
    passwordHash: await fixturePasswordHash(),
  });

  const allocationIds = new Map<string, string>();
  for (const allocation of await db.select().from(allocations).where(eq(allocations.customerId, source.id))) {
    const copy = await factories.createAllocation({ tenantId, offeringId: allocation.offeringId, customerId: member.id, metaData: allocation.metaData });
    allocationIds.set(allocation.id, copy.id);
    for (const line of await db.select().from(allocationLines).where(eq(allocationLines.allocationId, allocation.id))) {
      await factories.createAllocationLine({ tenantId, allocationId: copy.id, offeringWineId: line.offeringWineId, minimum: line.minimum, maximum: line.maximum });
    }
  }
  if (pastReleases) {
    const now = serverNow(options);
    const closed = await db
      .select({ id: offerings.id })
      .from(offerings)
      .where(and(eq(offerings.tenantId, tenantId), eq(offerings.status, 'published'), lt(offerings.endDate, new Date(now.getTime() - ALLOCATION_GRACE_MS))));
    for (const offering of closed) await factories.createAllocation({ tenantId, offeringId: offering.id, customerId: member.id });
  }

  for (const { id: _id, customerId: _customer, createdAt: _created, updatedAt: _updated, ...address } of await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, source.id))) {
    await factories.createAddress({ ...address, customerId: member.id });
  }

  const tokens: string[] = [];
  for (const card of await db.select().from(paymentCards).where(eq(paymentCards.customerId, source.id))) {
    const saved = await paymentGateway.tokenizeCard({
      cardNumber: CARD_NUMBERS[card.brand] ?? TEST_CARDS.approved,
      cvv: card.brand === 'amex' ? '1234' : '123',
      cardHolderName: card.cardHolderName,
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
    if (saved.status !== 'approved') throw new Error(`The test gateway refused a copy of ${like}'s card (${saved.status}).`);
    tokens.push(saved.token);
    await factories.createCard({
      tenantId,
      customerId: member.id,
      gateway: paymentGateway.name,
      gatewayToken: saved.token,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cardHolderName: card.cardHolderName,
      fingerprint: saved.fingerprint,
      preferred: card.preferred,
    });
  }

  const orderNumbers: string[] = [];
  for (const order of await db.select().from(orders).where(eq(orders.customerId, source.id))) {
    const { id, customerId: _customer, allocationId, number: _number, idempotencyKey: _key, authorizationId: _authorization, ...rest } = order;
    const copiedAllocation = allocationId ? allocationIds.get(allocationId) : undefined;
    if (!copiedAllocation) throw new Error(`An order of ${DEMO_MEMBERS[like]} belongs to no allocation of theirs.`);
    const copy = await factories.createOrder({
      ...rest,
      customerId: member.id,
      allocationId: copiedAllocation,
      number: `E2E-${unique().toUpperCase()}`,
      authorizationId: await copyPayment(paymentGateway, tokens[0], order),
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id));
    if (lines.length > 0) await db.insert(orderLines).values(lines.map(({ id: _line, ...line }) => ({ ...line, orderId: copy.id })));
    orderNumbers.push(copy.number);
  }

  return { tenant: tenantId, email: member.email, password: DEMO_PASSWORD, customerId: member.id, orderNumbers };
}

/**
 * A copied order's own payment at the gateway, in the state of the original's (ADR 025): a hold
 * on the copied card for its total, charged too when the original was, so staff can charge,
 * release or refund the copy as they would the original. None for a released or refunded one.
 */
async function copyPayment(gateway: PaymentGateway, token: string | undefined, order: typeof orders.$inferSelect): Promise<string | null> {
  if (!token || (order.paymentStatus !== 'authorized' && order.paymentStatus !== 'captured')) return null;
  const hold = await gateway.authorize({ token, amountCents: order.totalCents, idempotencyKey: `e2e-copy-${randomUUID()}` });
  if (hold.status !== 'approved') throw new Error(`The test gateway refused the copy of order ${order.number} (${hold.status}).`);
  if (order.paymentStatus === 'captured') {
    const charged = await gateway.capture(hold.authorizationId, order.totalCents);
    if (charged.status !== 'captured') throw new Error(`The test gateway did not charge the copy of order ${order.number} (${charged.status}).`);
  }
  return hold.authorizationId;
}

const ClockMoveSchema = z.union([
  z.object({ advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS) }).strict(),
  z.object({ setTo: z.iso.datetime({ offset: true }) }).strict(),
]);

/**
 * `POST /__test/fixtures/clock { advanceMs } | { setTo }` → `{ now }`: moves the server's clock on
 * (never back: a `setTo` before now is a 400 by field and moves nothing). `{ advanceMs: 0 }` reads it.
 */
function clockRoute(app: FastifyInstance, clock: SimulatedClock) {
  app.withTypeProvider<ZodTypeProvider>().post('/clock', { schema: { hide: true, body: ClockMoveSchema } }, async (request) => {
    const { body } = request;
    if ('advanceMs' in body) return { now: clock.advance(body.advanceMs).toISOString() };
    try {
      return { now: clock.setTo(new Date(body.setTo)).toISOString() };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw fieldError('setTo', 'past', `The simulated clock never goes backwards: it is ${clock.now().toISOString()} already.`);
    }
  });
}

// ── The waiting room (issue 17, waiting-room.e2e.ts) ────────────────────────────────────────────

const WaitingRoomReleaseSchema = z.object({
  /** The offering opens this long after the server's now. */
  opensInMs: z.number().int().min(0).max(60 * 60 * 1000),
  admissionPerMinute: z.number().int().min(1).max(100_000),
  /** Members allocated to it, each with nothing else (so it is their current allocation). */
  members: z.number().int().min(1).max(20),
});

/**
 * `POST /__test/fixtures/waiting-room-release` → `{ offeringId, name, opensAt, members }`: an
 * offering of its own opening a few seconds ahead with a waiting room, one wine in stock where
 * orders ship from, and new members allocated to it alone, so a spec can wait in its room without
 * touching the demo offering the other specs share.
 */
function waitingRoomFixtures(app: FastifyInstance, options: FixturesOptions, factories: ReturnType<typeof createFactories>, tenantId: string) {
  app.withTypeProvider<ZodTypeProvider>().post('/waiting-room-release', { schema: { hide: true, body: WaitingRoomReleaseSchema } }, async (request, reply) => {
    const { opensInMs, admissionPerMinute, members: size } = request.body;
    const now = serverNow(options);
    const opensAt = new Date(now.getTime() + opensInMs);
    const name = `Waiting Room Release ${unique()}`;
    const offering = await factories.createOffering({
      tenantId,
      name,
      slug: `waiting-room-${unique()}`,
      startDate: opensAt,
      endDate: new Date(opensAt.getTime() + 24 * 60 * 60 * 1000),
      admissionPerMinute,
    });
    const shipsFrom = await options.db.query.inventoryLocations.findFirst({
      where: and(eq(inventoryLocations.tenantId, tenantId), eq(inventoryLocations.shipsFrom, true)),
    });
    const wine = await factories.createOfferingWine({
      tenantId,
      offeringId: offering.id,
      stock: shipsFrom ? [{ locationId: shipsFrom.id, quantity: 100 }] : [],
    });
    const members = [];
    for (let i = 0; i < size; i += 1) {
      const customer = await factories.createCustomer({ tenantId, email: `e2e-room-${unique()}@example.com`, passwordHash: await fixturePasswordHash() });
      const allocation = await factories.createAllocation({ tenantId, offeringId: offering.id, customerId: customer.id });
      await factories.createAllocationLine({ tenantId, allocationId: allocation.id, offeringWineId: wine.id, maximum: 6 });
      members.push({ email: customer.email, password: DEMO_PASSWORD, customerId: customer.id, allocationId: allocation.id });
    }
    return reply.code(201).send({ offeringId: offering.id, name, opensAt: opensAt.toISOString(), members });
  });

  /**
   * `POST /__test/fixtures/waiting-room-release/:offeringId/opening` → `{ opensAt }`: moves that
   * release's opening to `opensInMs` after the server's now (its close stays). A spec opens its
   * release far ahead, looks at the countdown whatever the machine's speed, then brings the
   * opening near instead of waiting out a fixed delay that a slow machine could overrun.
   */
  app.withTypeProvider<ZodTypeProvider>().post(
    '/waiting-room-release/:offeringId/opening',
    { schema: { hide: true, params: z.object({ offeringId: z.uuid() }), body: WaitingRoomReleaseSchema.pick({ opensInMs: true }) } },
    async (request) => {
      const now = serverNow(options);
      const opensAt = new Date(now.getTime() + request.body.opensInMs);
      const [moved] = await options.db
        .update(offerings)
        .set({ startDate: opensAt, updatedAt: now })
        .where(and(eq(offerings.tenantId, tenantId), eq(offerings.id, request.params.offeringId)))
        .returning({ id: offerings.id });
      if (!moved) throw new ApiError('notFound', 'No such release.');
      return { opensAt: opensAt.toISOString() };
    },
  );
}
