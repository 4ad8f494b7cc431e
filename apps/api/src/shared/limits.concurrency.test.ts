import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bottleChecks, mailQueue, orders } from '../db/schema/index.js';
import { createTestGateway, TEST_CARDS, type TestGateway } from '../modules/payments/test-gateway.js';
import { createOrderingFixtures, ignoreDroppedConnections, type OrderingFixtures } from '../testing/ordering-fixtures.js';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../testing/test-app.js';

/**
 * The standing suite for issue 11, finding 1: every limit kept in the database, hit by N requests
 * AT ONCE (N at least three times the limit). Exactly the limit gets through, and where it can be
 * seen, exactly that much work is done (mails queued, cards sent to the gateway, checks recorded).
 * Runs on PGlite, and on the PostgreSQL server when DATABASE_URL is set.
 */

const LIMIT = {
  signInPerIp: 5,
  signInPair: 3,
  alert: 4,
  currentPassword: 3,
  linkPair: 3,
  linkIp: 5,
  linkEmail: 4,
  joinIp: 4,
  badLinks: 4,
  bottlesPerMinute: 4,
  cards: 3,
};

let t: TestApp;
let f: OrderingFixtures;
let tokenised = 0;

beforeAll(async () => {
  // Counts what reaches the gateway: a refused card try must never be tokenised.
  const base = createTestGateway();
  const gateway: TestGateway = Object.assign(Object.create(base) as TestGateway, {
    tokenizeCard: (card: Parameters<TestGateway['tokenizeCard']>[0]) => {
      tokenised += 1;
      return base.tokenizeCard(card);
    },
  });
  t = await createTestApp({
    uniformAnswerMs: 0,
    paymentGateway: gateway,
    globalRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    loginLimits: {
      perIp: { max: LIMIT.signInPerIp, windowMs: 15 * 60_000 },
      perPair: { free: LIMIT.signInPair, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000 },
      alert: { max: LIMIT.alert, windowMs: 15 * 60_000 },
      currentPassword: { max: LIMIT.currentPassword, windowMs: 15 * 60_000 },
    },
    requestLimits: {
      signInLink: {
        perPair: { max: LIMIT.linkPair, windowMs: 15 * 60_000 },
        perIp: { max: LIMIT.linkIp, windowMs: 15 * 60_000 },
        perEmail: { max: LIMIT.linkEmail, windowMs: 15 * 60_000 },
      },
      passwordReset: {
        perPair: { max: LIMIT.linkPair, windowMs: 15 * 60_000 },
        perIp: { max: LIMIT.linkIp, windowMs: 15 * 60_000 },
        perEmail: { max: LIMIT.linkEmail, windowMs: 30 * 60_000 },
      },
      join: { perIp: { max: LIMIT.joinIp, windowMs: 15 * 60_000 }, perEmail: { max: 3, windowMs: 60 * 60_000 } },
      badLinks: { perIp: { max: LIMIT.badLinks, windowMs: 15 * 60_000 } },
    },
    bottleCheckLimits: { perMinute: { max: LIMIT.bottlesPerMinute }, perDay: { max: 1_000 } },
    cardAttemptLimit: { max: LIMIT.cards, windowMs: 60 * 60_000 },
  });
  f = await createOrderingFixtures(t);
});
afterAll(async () => {
  ignoreDroppedConnections(t);
  await t?.close();
});

let ipCounter = 0;
/** A client address no other test uses. */
const freshIp = () => {
  ipCounter += 1;
  return `100.64.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

const post = (url: string, payload: object, ip: string, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { tenant: TEST_TENANT, ...(authorization ? { authorization } : {}) },
    remoteAddress: ip,
    payload: payload as Record<string, unknown>,
  });

/** Sends every request at once and returns the status codes. */
async function burst(n: number, send: (i: number) => ReturnType<typeof post>): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  for (const response of responses) {
    if (response.statusCode === 429) expect(response.json()).toMatchObject({ statusCode: 429, type: 'rateLimited' });
    // Whatever else happens, never a server error.
    expect(response.statusCode).toBeLessThan(500);
  }
  return responses.map((response) => response.statusCode);
}
const through = (codes: number[]) => codes.filter((code) => code !== 429).length;

const mailsTo = async (to: string, kind: string) =>
  (await t.db.select().from(mailQueue).where(and(eq(mailQueue.toAddress, to), eq(mailQueue.kind, kind)))).length;

/** Tokens of the links of this path delivered to the address (the queue keeps placeholders only). */
async function mailedTokens(to: string, path: string): Promise<string[]> {
  return (await t.deliveredMail({ to })).flatMap((mail) =>
    mail.links
      .map((link) => new URL(link).pathname)
      .filter((pathname) => pathname.startsWith(path))
      .map((pathname) => pathname.slice(path.length)),
  );
}

const login = (email: string, password: string, ip: string) => post('/v1/customer/login', { email, password }, ip);

describe('member sign-in', () => {
  it('per IP: of 3x the limit at once, for many accounts, exactly the limit is checked', async () => {
    const ip = freshIp();
    const members = await Promise.all(Array.from({ length: 3 }, () => t.createCustomer()));
    const codes = await burst(3 * LIMIT.signInPerIp, (i) => login(members[i % 3]!.email, `wrong-${i}`, ip));
    expect(through(codes)).toBe(LIMIT.signInPerIp);
    expect(codes.filter((code) => code === 401)).toHaveLength(LIMIT.signInPerIp);
  });

  it('per account and IP: of 4x the free tries at once, exactly those are checked; the owner signs in from a clean address', async () => {
    const member = await t.createCustomer();
    const attacker = freshIp();
    const codes = await burst(4 * LIMIT.signInPair, (i) => login(member.email, `wrong-${i}`, attacker));
    expect(through(codes)).toBe(LIMIT.signInPair);
    // The attacker's address waits, even with the right password...
    expect((await login(member.email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
    // ...while the owner, from their own network, signs in at once.
    expect((await login(member.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('the owner is alerted exactly once for a burst of failures from many addresses, and can still sign in', async () => {
    const member = await t.createCustomer();
    const codes = await burst(3 * LIMIT.alert, (i) => login(member.email, `wrong-${i}`, freshIp()));
    expect(codes.every((code) => code === 401)).toBe(true);
    expect(await mailsTo(member.email, 'sign-in-attempts')).toBe(1);
    expect((await login(member.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('wrong current password: of 4x the limit at once, exactly the limit is checked', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const codes = await burst(4 * LIMIT.currentPassword, (i) =>
      post(`/v1/customer/${member.id}/password`, { currentPassword: `wrong-${i}`, newPassword: 'Barrel-Room-1987', confirmPassword: 'Barrel-Room-1987' }, freshIp(), token),
    );
    expect(through(codes)).toBe(LIMIT.currentPassword);
    expect(codes.filter((code) => code === 400)).toHaveLength(LIMIT.currentPassword);
  });
});

describe('staff sign-in', () => {
  it('per account and IP: of 4x the free tries at once, exactly those are checked; the admin signs in from elsewhere', async () => {
    const admin = await t.createStaffUser({ role: 'admin' });
    const attacker = freshIp();
    const codes = await burst(4 * LIMIT.signInPair, (i) => post('/v1/staff/login', { email: admin.email, password: `wrong-${i}` }, attacker));
    expect(through(codes)).toBe(LIMIT.signInPair);
    expect((await post('/v1/staff/login', { email: admin.email, password: TEST_PASSWORD }, freshIp())).statusCode).toBe(200);
  });

  it('a burst of failures from many addresses alerts the staff member exactly once, and locks nothing', async () => {
    const admin = await t.createStaffUser({ role: 'admin' });
    const codes = await burst(3 * LIMIT.alert, (i) => post('/v1/staff/login', { email: admin.email, password: `wrong-${i}` }, freshIp()));
    expect(codes.every((code) => code === 401)).toBe(true);
    expect(await mailsTo(admin.email, 'sign-in-attempts')).toBe(1);
    expect((await post('/v1/staff/login', { email: admin.email, password: TEST_PASSWORD }, freshIp())).statusCode).toBe(200);
  });

  it('per IP, shared with members: of 3x the limit at once, exactly the limit is checked', async () => {
    const ip = freshIp();
    const codes = await burst(3 * LIMIT.signInPerIp, (i) => post('/v1/staff/login', { email: `nobody-${i}@example.com`, password: 'wrong' }, ip));
    expect(through(codes)).toBe(LIMIT.signInPerIp);
  });
});

describe.each([
  ['sign-in link', '/v1/customer/login-link', 'sign-in-link', '/login-by-link/'],
  ['password reset', '/v1/customer/password-reset', 'reset-password', '/reset-password/'],
])('%s requests', (_name, url, kind, path) => {
  it('per address and IP: of 5x the limit at once, exactly the limit is answered and mailed', async () => {
    const member = await t.createCustomer();
    const ip = freshIp();
    const codes = await burst(5 * LIMIT.linkPair, () => post(url, { email: member.email }, ip));
    expect(through(codes)).toBe(LIMIT.linkPair);
    expect(await mailsTo(member.email, kind)).toBe(LIMIT.linkPair);
  });

  it('per IP: of 3x the limit at once, for many addresses, exactly the limit is answered', async () => {
    const ip = freshIp();
    const codes = await burst(3 * LIMIT.linkIp, (i) => post(url, { email: `spray-${i}-${Date.now()}@example.com` }, ip));
    expect(through(codes)).toBe(LIMIT.linkIp);
  });

  it("per address from anywhere: everyone gets the usual answer, exactly the cap is mailed, and the owner's link works", async () => {
    const member = await t.createCustomer();
    const codes = await burst(4 * LIMIT.linkEmail, () => post(url, { email: member.email }, freshIp()));
    expect(codes.every((code) => code === 202)).toBe(true);
    expect(await mailsTo(member.email, kind)).toBe(LIMIT.linkEmail);
    // The owner asks once more: same answer, nothing new, and the newest link still gets them in.
    expect((await post(url, { email: member.email }, freshIp())).statusCode).toBe(202);
    expect(await mailsTo(member.email, kind)).toBe(LIMIT.linkEmail);
    const tokens = await mailedTokens(member.email, path);
    expect(tokens).toHaveLength(LIMIT.linkEmail);
    const used =
      kind === 'sign-in-link'
        ? await post('/v1/customer/link/exchange', { token: tokens.at(-1)!, purpose: 'login' }, freshIp())
        : await post('/v1/customer/password-reset/confirm', { token: tokens.at(-1)!, password: 'Barrel-Room-1987', confirmPassword: 'Barrel-Room-1987' }, freshIp());
    expect(used.statusCode).toBe(200);
  });
});

describe('join requests', () => {
  it('per IP: of 3x the limit at once, exactly the limit is stored and acknowledged', async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 3 * LIMIT.joinIp }, (_, i) => `prospect-${i}-${Date.now()}@example.com`);
    const codes = await burst(emails.length, (i) =>
      post(
        '/v1/allocation-request',
        {
          prefix: 'Mr.',
          firstName: 'Jules',
          lastName: 'Barrique',
          email: emails[i]!,
          confirmEmail: emails[i]!,
          phone: '(707) 555-0142',
          phoneCountry: 'US',
          dateOfBirth: '1979-09-02',
          address1: '8 Oak Knoll Avenue',
          city: 'Napa',
          stateCode: 'CA',
          zipCode: '94558',
          countryCode: 'US',
        },
        ip,
      ),
    );
    expect(through(codes)).toBe(LIMIT.joinIp);
    expect(codes.filter((code) => code === 201)).toHaveLength(LIMIT.joinIp);
    let mailed = 0;
    for (const email of emails) mailed += await mailsTo(email, 'join-allocation-received');
    expect(mailed).toBe(LIMIT.joinIp);
  });
});

describe('link exchange', () => {
  it('bad links per IP: of 4x the limit at once, exactly the limit is looked up', async () => {
    const ip = freshIp();
    const codes = await burst(4 * LIMIT.badLinks, (i) => post('/v1/customer/link/exchange', { token: `${'Q'.repeat(40)}${String(i).padStart(3, '0')}`, purpose: 'login' }, ip));
    expect(through(codes)).toBe(LIMIT.badLinks);
    expect(codes.filter((code) => code === 400)).toHaveLength(LIMIT.badLinks);
  });
});

describe('bottle checks', () => {
  it('per network: of 4x the limit at once, exactly the limit is checked and recorded', async () => {
    const ip = `100.65.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const typed = `C${Date.now().toString(36).toUpperCase().slice(-3)}-CCCC`;
    const codes = await burst(4 * LIMIT.bottlesPerMinute, () => post('/v1/bottle-verification', { bottleId: typed }, ip));
    expect(through(codes)).toBe(LIMIT.bottlesPerMinute);
    const [row] = await t.db.select({ n: sql<string>`count(*)` }).from(bottleChecks).where(eq(bottleChecks.typedId, typed));
    expect(Number(row!.n)).toBe(LIMIT.bottlesPerMinute);
  });
});

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const card = (cardNumber: string) => ({ cardNumber, cardHolderName: 'Ada Vintner', expirationDate: `08/${nextYear}`, cvv: '123' });

describe('card attempts', () => {
  it('add a card: of 4x the limit at once, exactly the limit reaches the gateway', async () => {
    const member = await t.createCustomer();
    const token = await t.signIn(member.email);
    const before = tokenised;
    const codes = await burst(4 * LIMIT.cards, () => post(`/v1/${TEST_TENANT}/customer/${member.id}/card`, card(TEST_CARDS.declined), freshIp(), token));
    expect(through(codes)).toBe(LIMIT.cards);
    expect(tokenised - before).toBe(LIMIT.cards);
  });

  it('checkout with a new card: of 4x the limit at once, exactly the limit reaches the gateway', async () => {
    const { member, cartId } = await orderScenario();
    const before = tokenised;
    const codes = await burst(4 * LIMIT.cards, () => placeOrder(member, cartId, { newCard: card(TEST_CARDS.declined), saveCard: false }, f.newKey()));
    expect(through(codes)).toBe(LIMIT.cards);
    expect(tokenised - before).toBe(LIMIT.cards);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, member.customer.id))).toHaveLength(0);
  });
});

// Finding 8: a repeat of a placed order must not tokenise a card or spend the budget.
type Member = Awaited<ReturnType<OrderingFixtures['createMember']>>;

async function orderScenario() {
  const { offering, wines: offered } = await f.createOpenOffering({ wines: [{ name: 'Quella', priceCents: 10_000, stock: 50 }] });
  const member = await f.createMember(offering.id, { [offered[0]!.id]: { maximum: 6 } });
  const response = await t.app.inject({
    method: 'PUT',
    url: `/v1/${TEST_TENANT}/customer/${member.customer.id}/cart`,
    headers: { tenant: TEST_TENANT, authorization: member.token },
    payload: { allocationId: member.allocation.id, lines: [{ wineId: offered[0]!.id, quantity: 1 }] },
  });
  expect(response.statusCode).toBe(200);
  return { member, cartId: (response.json() as { id: string }).id };
}

const placeOrder = (member: Member, cartId: string, payment: object, idempotencyKey: string) =>
  post(
    `/v1/${TEST_TENANT}/customer/${member.customer.id}/order`,
    {
      cartId,
      delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: member.address.id },
      billingAddressId: member.address.id,
      payment,
      idempotencyKey,
    },
    freshIp(),
    member.token,
  );

describe('checkout retries (finding 8)', () => {
  it('a retry of a placed order with another new card answers that order, tokenising nothing and spending no budget', async () => {
    const { member, cartId } = await orderScenario();
    const key = f.newKey();
    const first = await placeOrder(member, cartId, { newCard: card(TEST_CARDS.approved), saveCard: false }, key);
    expect(first.statusCode).toBe(201);
    const before = tokenised;
    for (let i = 0; i < 2 * LIMIT.cards; i += 1) {
      const retry = await placeOrder(member, cartId, { newCard: card('5555555555554444'), saveCard: false }, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().id).toBe(first.json().id);
    }
    expect(tokenised).toBe(before);
    // The whole budget but the first order's try is still there.
    const token = member.token;
    const codes: number[] = [];
    for (let i = 0; i < LIMIT.cards; i += 1) {
      codes.push((await post(`/v1/${TEST_TENANT}/customer/${member.customer.id}/card`, card(TEST_CARDS.declined), freshIp(), token)).statusCode);
    }
    expect(codes).toEqual([...Array(LIMIT.cards - 1).fill(400), 429]);
  });

  it('a double submission with a new card, at once, makes one order and tokenises the card once', async () => {
    const { member, cartId } = await orderScenario();
    const key = f.newKey();
    const before = tokenised;
    const codes = await burst(3, () => placeOrder(member, cartId, { newCard: card(TEST_CARDS.approved), saveCard: false }, key));
    expect(codes.sort()).toEqual([200, 200, 201]);
    expect(tokenised - before).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, member.customer.id))).toHaveLength(1);
  });
});
