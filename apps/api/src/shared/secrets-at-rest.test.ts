import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishes } from '../db/schema/index.js';
import { MAIL_KINDS } from '../modules/mail/templates/mail-templates.js';
import { LINK_PATHS, TOKEN_PATHS } from './link-paths.js';
import { createTestGateway, type TestGateway } from '../modules/payments/test-gateway.js';
import { createOrderingFixtures, ignoreDroppedConnections } from '../testing/ordering-fixtures.js';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../testing/test-app.js';
import { STAFF_CREATE_PASSWORD_PATH } from '../modules/staff-accounts/staff-accounts.service.js';

/**
 * The standing "secrets at rest" check of issue 11. A journey sends every kind of e-mail the API
 * sends, saves cards, places an order with a new card and opens every kind of link page, with the
 * log captured at its most talkative. Then the whole database (every column of every row of
 * every table) and every log line are searched for what must never be kept: a usable link
 * token, a gateway token outside its own column, a card number, a security code, a password.
 * Runs on PGlite, and on the PostgreSQL server when DATABASE_URL is set.
 */

const NEW_PASSWORD = 'Cellar-Door-Opens-1961';
const STAFF_PASSWORD = 'Barrel-Thief-Staff-77';
const WRONG_PASSWORDS = ['Wrong-Guess-Alpha-1', 'Wrong-Guess-Bravo-2', 'Wrong-Guess-Charlie-3', 'Wrong-Guess-Delta-4'];
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
// Security codes no identifier or timestamp of this run contains by chance.
const CARDS = [
  { cardNumber: '4242 4242 4242 4242', cardHolderName: 'Ada Vintner', expirationDate: `08/${nextYear}`, cvv: '917' },
  { cardNumber: '5555555555554444', cardHolderName: 'Ada Vintner', expirationDate: `11/${nextYear}`, cvv: '846' },
];
const CHECKOUT_CARD = { cardNumber: '3782 822463 10005', cardHolderName: 'A. Vintner', expirationDate: `01/${nextYear}`, cvv: '7352' };

const lines: string[] = [];
const gatewayTokens: string[] = [];
let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  // The real test gateway, noting each token it hands out so the search knows what to look for.
  const base = createTestGateway();
  const gateway: TestGateway = Object.assign(Object.create(base) as TestGateway, {
    tokenizeCard: async (card: Parameters<TestGateway['tokenizeCard']>[0]) => {
      const result = await base.tokenizeCard(card);
      if (result.status === 'approved') gatewayTokens.push(result.token);
      return result;
    },
  });
  // A built web app, so link pages are served as a member's browser gets them.
  webRoot = await mkdtemp(join(tmpdir(), 'secrets-web-'));
  await mkdir(join(webRoot, '404'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(join(webRoot, '__spa-fallback.html'), '<!doctype html><title>App</title>');
  await writeFile(join(webRoot, '404', 'index.html'), '<!doctype html><title>Not found</title>');
  t = await createTestApp({
    webRoot,
    logLevel: 'trace',
    logStream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    }),
    paymentGateway: gateway,
    uniformAnswerMs: 0,
    mail: { workerIntervalMs: 0 },
    globalRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    loginLimits: { alert: { max: 3, windowMs: 15 * 60_000 } },
    requestLimits: { badLinks: { perIp: { max: 100_000, windowMs: 15 * 60_000 } } },
  });
});
afterAll(async () => {
  ignoreDroppedConnections(t);
  await t?.close();
  await rm(webRoot, { recursive: true, force: true });
});

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `172.20.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, authorization?: string) => {
  const response = await t.app.inject({
    method,
    url,
    headers: { tenant: TEST_TENANT, ...(authorization ? { authorization } : {}) },
    remoteAddress: freshIp(),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
  return response;
};

const prospect = (email: string, extra: Record<string, unknown> = {}) => ({
  prefix: 'Ms.',
  firstName: 'Prue',
  lastName: 'Spect',
  email,
  confirmEmail: email,
  phoneCountry: 'US',
  phone: '(707) 555-0177',
  dateOfBirth: '1982-04-11',
  company: '',
  address1: '3 Hillside Lane',
  address2: '',
  city: 'Napa',
  stateCode: 'CA',
  zipCode: '94558',
  countryCode: 'US',
  ...extra,
});

/** The token of a delivered message's link that starts with `prefix`. */
const tokenIn = (mail: { links: string[] }, prefix: string) =>
  mail.links.map((link) => new URL(link).pathname).find((pathname) => pathname.startsWith(prefix))!.slice(prefix.length);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every column of every row of every table, one JSON text per row. */
async function dumpDatabase(): Promise<Array<{ table: string; row: string }>> {
  const tables = await rowsOf<{ table_schema: string; table_name: string }>(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
  );
  const dump: Array<{ table: string; row: string }> = [];
  for (const { table_schema: schema, table_name: table } of tables) {
    const rows = await rowsOf<{ row: string }>(sql`select row_to_json(x)::text as row from ${sql.identifier(schema)}.${sql.identifier(table)} x`);
    for (const { row } of rows) dump.push({ table: `${schema}.${table}`, row });
  }
  return dump;
}

/** A row as searched for gateway tokens: payment_cards keeps its own token column (ADR 008), nothing else may. */
function withoutOwnGatewayToken({ table, row }: { table: string; row: string }): string {
  if (!table.endsWith('.payment_cards')) return row;
  const { gateway_token: _own, ...rest } = JSON.parse(row) as Record<string, unknown>;
  return JSON.stringify(rest);
}

/** Every value under a security-code key, and every string value equal to a security code. */
function securityCodesIn(json: unknown, codes: string[], found: string[] = []): string[] {
  if (Array.isArray(json)) for (const item of json) securityCodesIn(item, codes, found);
  else if (json && typeof json === 'object') {
    for (const [key, value] of Object.entries(json)) {
      if (/^(cvv2?|cvc|security_?code)$/i.test(key) && value !== '[redacted]') found.push(`${key}=${String(value)}`);
      securityCodesIn(value, codes, found);
    }
  } else if ((typeof json === 'string' || typeof json === 'number') && codes.includes(String(json))) found.push(String(json));
  return found;
}

describe('secrets at rest (issue 11)', () => {
  it('after every kind of e-mail, saved cards and an order, neither the database nor the log holds a secret', async () => {
    const f = await createOrderingFixtures(t);
    const staff = await t.createStaffUser({ password: STAFF_PASSWORD });
    const staffToken = await t.signInStaff(staff.email, STAFF_PASSWORD);

    // A member with an allocation, a saved address and the ordering fixtures' own card.
    const { offering, wines } = await f.createOpenOffering({ wines: [{ name: 'Secretia', priceCents: 9_000, stock: 20 }] });
    const member = await f.createMember(offering.id, { [wines[0]!.id]: { maximum: 6 } });
    const { customer } = member;

    // Sign-in link, reset (then used: password changed), staff account link and allocation links.
    await call('POST', '/v1/customer/login-link', { email: customer.email });
    await call('POST', '/v1/customer/password-reset', { email: customer.email });
    await call('POST', `/v1/staff/members/${customer.id}/account-link`, undefined, staffToken);
    await call('POST', `/v1/staff/offerings/${offering.id}/invitations`, undefined, staffToken);
    // The queue before sending: sealed secrets beside placeholders, no token.
    const early = await dumpDatabase();
    const sealed = early.filter(({ table, row }) => table.endsWith('.mail_queue') && (JSON.parse(row) as { link_secrets: unknown }).link_secrets !== null);
    expect(sealed).toHaveLength(4);
    const resetToken = tokenIn((await t.deliveredMail({ to: customer.email, kind: 'reset-password' })).at(-1)!, LINK_PATHS['reset-password']);
    const reset = await call('POST', '/v1/customer/password-reset/confirm', { token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    // Failed sign-ins from several networks: the owner is alerted.
    for (const wrong of WRONG_PASSWORDS) await call('POST', '/v1/customer/login', { email: customer.email, password: wrong });
    // A member invited without a password; prospects asking to join.
    const invited = await t.createCustomer({ passwordHash: null });
    await call('POST', `/v1/staff/members/${invited.id}/invite`, undefined, staffToken);
    // A colleague invited to the staff console (their own create-password link, ADR 016).
    expect((await call('POST', '/v1/staff/accounts', { email: `colleague-${Date.now()}@example.com`, name: 'Jules Cooper', role: 'viewer' }, staffToken)).statusCode).toBe(201);
    expect((await call('POST', '/v1/allocation-request', prospect(`join-${Date.now()}@example.com`))).statusCode).toBe(201);
    const founders = prospect(`founders-${Date.now()}@example.com`, { idealAllocation: 'Two cases' });
    expect((await call('POST', '/v1/founders-list', founders)).statusCode).toBe(201);
    // A reminder of the invitation; a wish granted (with a link to order) and another declined.
    expect((await call('POST', `/v1/staff/offerings/${offering.id}/reminders`, {}, staffToken)).statusCode).toBe(202);
    const other = await f.createMember(offering.id, { [wines[0]!.id]: { maximum: 6 } });
    const [toGrant, toDecline] = await t.db
      .insert(wishes)
      .values([member.allocation, other.allocation].map((allocation) => ({ tenantId: TEST_TENANT, allocationId: allocation.id, offeringWineId: wines[0]!.id, quantity: 2 })))
      .returning();
    expect((await call('POST', `/v1/staff/wishes/${toGrant!.id}/grant`, {}, staffToken)).statusCode).toBe(200);
    expect((await call('POST', `/v1/staff/wishes/${toDecline!.id}/decline`, undefined, staffToken)).statusCode).toBe(200);

    // Cards saved, then an order paid with a new card.
    const token = await t.signIn(customer.email, NEW_PASSWORD);
    for (const card of CARDS) expect((await call('POST', `/v1/${TEST_TENANT}/customer/${customer.id}/card`, card, token)).statusCode).toBe(201);
    const cart = await call('PUT', `/v1/${TEST_TENANT}/customer/${customer.id}/cart`, { allocationId: member.allocation.id, lines: [{ wineId: wines[0]!.id, quantity: 2 }] }, token);
    const order = await call(
      'POST',
      `/v1/${TEST_TENANT}/customer/${customer.id}/order`,
      {
        cartId: (cart.json() as { id: string }).id,
        delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: member.address.id },
        billingAddressId: member.address.id,
        payment: { newCard: CHECKOUT_CARD, saveCard: false },
        idempotencyKey: f.newKey(),
      },
      token,
    );
    expect(order.statusCode, order.body).toBe(201);
    // Staff move orders on (issue 14): this one ships; a second, for pick-up, is made ready, then cancelled.
    const moves: Array<[string, object]> = [
      [(order.json() as { id: string }).id, { status: 'processing' }],
      [(order.json() as { id: string }).id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
    ];
    const pickupCart = await call('PUT', `/v1/${TEST_TENANT}/customer/${customer.id}/cart`, { allocationId: member.allocation.id, lines: [{ wineId: wines[0]!.id, quantity: 1 }] }, token);
    const pickup = await call(
      'POST',
      `/v1/${TEST_TENANT}/customer/${customer.id}/order`,
      { cartId: (pickupCart.json() as { id: string }).id, delivery: { method: 'pickup', locationId: f.cellar.id }, billingAddressId: member.address.id, payment: { cardId: member.card.id }, idempotencyKey: f.newKey() },
      token,
    );
    expect(pickup.statusCode, pickup.body).toBe(201);
    for (const status of ['processing', 'ready_for_pickup', 'cancelled']) moves.push([(pickup.json() as { id: string }).id, { status }]);
    for (const [orderId, move] of moves) expect((await call('POST', `/v1/staff/orders/${orderId}/status`, move, staffToken)).statusCode).toBe(200);

    const queued = await dumpDatabase();

    // Everything delivered, every kind the API sends among it.
    const delivered = await t.deliveredMail();
    expect(new Set(delivered.map((mail) => mail.kind))).toEqual(new Set(MAIL_KINDS));
    const linkTokens = delivered.flatMap((mail) =>
      mail.links.flatMap((link) => {
        const { pathname } = new URL(link);
        const prefix = [...TOKEN_PATHS, STAFF_CREATE_PASSWORD_PATH].find((path) => pathname.startsWith(path));
        return prefix ? [pathname.slice(prefix.length)] : [];
      }),
    );
    expect(linkTokens.length).toBeGreaterThanOrEqual(5);
    // The invitation and the reminder carry unsubscribe links too (issue 15): kept out of rows and logs alike.
    const unsubscribeLinks = delivered.flatMap((mail) => mail.links).filter((link) => new URL(link).pathname.startsWith('/unsubscribe/'));
    expect(unsubscribeLinks.length).toBeGreaterThanOrEqual(2);

    // The link pages, as a member opens them from the mail; and one link traded for a session.
    for (const link of delivered.flatMap((mail) => mail.links)) {
      const { pathname } = new URL(link);
      const page = await t.app.inject({ method: 'GET', url: pathname, remoteAddress: freshIp() });
      const withToken = TOKEN_PATHS.some((path) => pathname.startsWith(path));
      // Link pages are the app's client routes; other pages are prerendered in a real build.
      if (withToken) expect(page.statusCode, pathname).toBe(200);
    }
    const signInToken = tokenIn(delivered.find((mail) => mail.kind === 'sign-in-link')!, LINK_PATHS.login);
    expect((await call('POST', '/v1/customer/link/exchange', { token: signInToken, purpose: 'login' })).statusCode).toBe(200);

    const sent = await dumpDatabase();
    const mailRows = sent.filter(({ table }) => table.endsWith('.mail_queue')).map(({ row }) => JSON.parse(row) as Record<string, unknown>);
    expect(mailRows.length).toBe(delivered.length);
    // Once sent, nothing that could open a link is left at all.
    for (const row of mailRows) expect(row).toMatchObject({ status: 'sent', link_secrets: null });

    expect(gatewayTokens).toHaveLength(CARDS.length + 1);
    // Session tokens (signed, 90 days for members) are as good as a password while they last.
    const passwords = [TEST_PASSWORD, NEW_PASSWORD, STAFF_PASSWORD, ...WRONG_PASSWORDS, token, member.token, staffToken];
    const cardNumbers = [...CARDS, CHECKOUT_CARD].flatMap((card) => [card.cardNumber, card.cardNumber.replace(/\s/g, '')]);
    const codes = [...CARDS, CHECKOUT_CARD].map((card) => card.cvv);
    const log = lines.join('\n');
    expect(log).toContain('request completed');

    for (const [where, rows] of [['early', early], ['queued', queued], ['sent', sent]] as const) {
      const text = rows.map(({ row }) => row).join('\n');
      for (const secret of [...linkTokens, ...cardNumbers, ...passwords]) expect(text, `${where} dump`).not.toContain(secret);
      const outsideOwnColumn = rows.map(withoutOwnGatewayToken).join('\n');
      for (const gatewayToken of gatewayTokens) expect(outsideOwnColumn, `${where} dump`).not.toContain(gatewayToken);
      expect(rows.flatMap(({ row }) => securityCodesIn(JSON.parse(row), codes)), `${where} dump`).toEqual([]);
    }
    for (const secret of [...linkTokens, ...gatewayTokens, ...cardNumbers, ...passwords]) expect(log).not.toContain(secret);
    expect(lines.flatMap((line) => securityCodesIn(JSON.parse(line), codes))).toEqual([]);

    // Whatever in the dump or the log looks like a token opens nothing, for any purpose.
    // (Row ids are UUIDs, which no link token can be.)
    const candidates = new Set(
      [...early, ...queued, ...sent]
        .flatMap(({ row }) => row.match(/[A-Za-z0-9_-]{20,}/g) ?? [])
        .concat(log.match(/[A-Za-z0-9_-]{20,}/g) ?? [])
        .filter((candidate) => !UUID.test(candidate)),
    );
    expect(candidates.size).toBeGreaterThan(20);
    for (const candidate of candidates) {
      for (const purpose of ['login', 'account', 'allocation']) {
        const exchanged = await call('POST', '/v1/customer/link/exchange', { token: candidate, purpose });
        expect(exchanged.statusCode, `${purpose} ${candidate}`).toBe(400);
      }
      for (const kind of ['reset', 'create']) {
        const confirmed = await call('POST', `/v1/customer/password-${kind}/confirm`, { token: candidate, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
        expect(confirmed.statusCode, `${kind} ${candidate}`).toBe(400);
      }
      // (One longer than a path parameter may be is no route at all: 404.)
      expect([400, 404], `unsubscribe ${candidate}`).toContain((await call('GET', `/v1/unsubscribe/${candidate}`)).statusCode);
    }
  });
});
