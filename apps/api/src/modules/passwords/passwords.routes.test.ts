import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, linkTokens, mailQueue, sessions } from '../../db/schema/index.js';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { MINUTE_MS } from '@winery/domain';

let offsetMs = 0;
let tick = 0;
const clock = () => new Date(Date.now() + offsetMs + (tick += 1));
const advance = (ms: number) => {
  offsetMs += ms;
};

let t: TestApp;
let staffEmail: string;

beforeAll(async () => {
  t = await createTestApp({
    now: clock,
    uniformAnswerMs: 0,
    requestLimits: {
      passwordReset: {
        perPair: { max: 3, windowMs: 15 * MINUTE_MS },
        perIp: { max: 4, windowMs: 15 * MINUTE_MS },
        perEmail: { max: 5, windowMs: 30 * MINUTE_MS },
      },
    },
  });
  staffEmail = (await t.createStaffUser()).email;
});
afterAll(async () => t?.close());

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

const NEW_PASSWORD = 'Cellar-Door-1987';
const RESET_ANSWER = { message: 'If an account exists for that address, we have sent a link to reset the password.' };
const LINK_INVALID = {
  statusCode: 400,
  type: 'validationError',
  message: 'This link has expired or was already used.',
  errors: [{ field: 'token', code: 'linkInvalid', message: 'This link has expired or was already used.' }],
};

const post = (url: string, payload?: unknown, options: { ip?: string; tenant?: string; authorization?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { tenant: options.tenant ?? TEST_TENANT, ...(options.authorization ? { authorization: options.authorization } : {}) },
    remoteAddress: options.ip ?? freshIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const requestReset = (email: string, options: { ip?: string; tenant?: string } = {}) =>
  post('/v1/customer/password-reset', { email }, options);

const confirm = (kind: 'reset' | 'create', token: string, password = NEW_PASSWORD, options: { tenant?: string } = {}) =>
  post(`/v1/customer/password-${kind}/confirm`, { token, password, confirmPassword: password }, options);

const login = (email: string, password: string) =>
  post('/v1/customer/login', { email, password });

const getSelf = (customerId: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/v1/customer/${customerId}`, headers: { tenant: TEST_TENANT, authorization: token } });

/** The tokens of every link of this path delivered to the address, oldest first (never read from the queue). */
async function mailedTokens(to: string, path: string): Promise<string[]> {
  return (await t.deliveredMail({ to })).flatMap((mail) =>
    mail.links
      .map((link) => new URL(link).pathname)
      .filter((pathname) => pathname.startsWith(path))
      .map((pathname) => pathname.slice(path.length)),
  );
}
const latestToken = async (to: string, path: string) => (await mailedTokens(to, path)).at(-1)!;
const mailKinds = async (to: string) =>
  (await t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, to)).orderBy(asc(mailQueue.createdAt))).map((row) => row.kind);

describe('POST /v1/customer/password-reset', () => {
  it("e-mails a member a 30-minute link to /reset-password/", async () => {
    const member = await t.createCustomer();
    const response = await requestReset(member.email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(RESET_ANSWER);
    const [mail] = await t.deliveredMail({ to: member.email });
    expect(mail).toMatchObject({ kind: 'reset-password' });
    expect(mail!.text).toContain('expires in 30 minutes');
    const [stored] = await t.db.select().from(linkTokens).where(eq(linkTokens.customerId, member.id));
    expect(stored!.purpose).toBe('reset-password');
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(30 * MINUTE_MS);
    expect(await latestToken(member.email, '/reset-password/')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers an unknown address identically and queues nothing', async () => {
    const before = await t.db.select().from(mailQueue);
    const tokensBefore = await t.db.select().from(linkTokens);
    const response = await requestReset(`nobody-${Date.now()}@example.com`);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(RESET_ANSWER);
    expect(await t.db.select().from(mailQueue)).toHaveLength(before.length);
    expect(await t.db.select().from(linkTokens)).toHaveLength(tokensBefore.length);

    const member = await t.createCustomer();
    const known = await requestReset(member.email);
    expect(known.body).toBe(response.body);
    expect(known.headers['content-type']).toBe(response.headers['content-type']);
  });

  it('takes as long for an unknown address as for a member', async () => {
    const timed = await createTestApp({ uniformAnswerMs: 300 });
    try {
      const time = async (email: string) => {
        const started = performance.now();
        const response = await timed.app.inject({
          method: 'POST',
          url: '/v1/customer/password-reset',
          headers: { tenant: TEST_TENANT },
          remoteAddress: freshIp(),
          payload: { email },
        });
        expect(response.statusCode).toBe(202);
        return performance.now() - started;
      };
      // The first request of a new app loads code and warms the database; measure the ones after.
      await time((await timed.createCustomer()).email);
      // Each a member's first request (a link written and mailed) or an address nobody has, in
      // turn; the quickest of each kind, since a busy machine only ever adds time (one CI run had a
      // single request 250 ms late). A member's request that took longer every time still fails.
      const forMember: number[] = [];
      const forNobody: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        forMember.push(await time((await timed.createCustomer()).email));
        forNobody.push(await time(`nobody-${round}@example.com`));
      }
      expect(Math.min(...forMember)).toBeGreaterThanOrEqual(295);
      expect(Math.min(...forNobody)).toBeGreaterThanOrEqual(295);
      expect(Math.abs(Math.min(...forMember) - Math.min(...forNobody))).toBeLessThan(150);
    } finally {
      await timed.close();
    }
  });

  it('invalidates the earlier unused reset link when a new one is sent', async () => {
    const member = await t.createCustomer();
    await requestReset(member.email);
    await requestReset(member.email);
    const [first, second] = await mailedTokens(member.email, '/reset-password/');
    expect((await confirm('reset', first!)).json()).toEqual(LINK_INVALID);
    expect((await confirm('reset', second!)).statusCode).toBe(200);
  });

  it('limits requests for one address from one IP, and per IP, in words', async () => {
    const member = await t.createCustomer();
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await requestReset(member.email, { ip })).statusCode).toBe(202);
    const perPair = await requestReset(member.email, { ip });
    expect(perPair.statusCode).toBe(429);
    expect(perPair.json()).toEqual({
      statusCode: 429,
      type: 'rateLimited',
      message: 'Too many requests for this e-mail address. Please wait a few minutes and try again.',
    });
    expect(Number(perPair.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailedTokens(member.email, '/reset-password/')).toHaveLength(3);

    const spray = freshIp();
    for (let i = 0; i < 4; i += 1) expect((await requestReset(`many-${i}-${Date.now()}@example.com`, { ip: spray })).statusCode).toBe(202);
    const perIp = await requestReset(`many-last-${Date.now()}@example.com`, { ip: spray });
    expect(perIp.statusCode).toBe(429);
    expect(perIp.json()).toMatchObject({ message: 'Too many requests from your network. Please wait a few minutes and try again.' });
  });

  it("past the address's cap, answers as usual without a new link, and the last link still resets (ADR 012)", async () => {
    const member = await t.createCustomer();
    for (let i = 0; i < 5; i += 1) expect((await requestReset(member.email)).statusCode).toBe(202);
    const owner = await requestReset(member.email);
    expect(owner.statusCode).toBe(202);
    expect(owner.json()).toEqual({ message: (await requestReset(`nobody-${Date.now()}@example.com`)).json().message });
    const tokens = await mailedTokens(member.email, '/reset-password/');
    expect(tokens).toHaveLength(5);
    expect((await confirm('reset', tokens.at(-1)!)).statusCode).toBe(200);
  });
});

describe('POST /v1/customer/password-reset/confirm', () => {
  it('sets the password, ends every other session, signs in and says so by e-mail', async () => {
    const member = await t.createCustomer();
    const laptop = await t.signIn(member.email);
    const phone = await t.signIn(member.email);
    const bystander = await t.createCustomer();
    const bystanderToken = await t.signIn(bystander.email);
    await requestReset(member.email);
    const token = await latestToken(member.email, '/reset-password/');

    const response = await confirm('reset', token);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { token: string; customerId: string };
    expect(body.customerId).toBe(member.id);
    expect(body.token.split('.')).toHaveLength(3);
    expect((await getSelf(member.id, body.token)).statusCode).toBe(200);
    for (const old of [laptop, phone]) expect((await getSelf(member.id, old)).statusCode).toBe(401);
    expect((await getSelf(bystander.id, bystanderToken)).statusCode).toBe(200);

    // A 90-day session, like a password sign-in.
    const live = await t.db.select().from(sessions).where(eq(sessions.customerId, member.id));
    const current = live.filter((row) => !row.revokedAt);
    expect(current).toHaveLength(1);
    expect(current[0]!.expiresAt.getTime() - current[0]!.createdAt.getTime()).toBe(90 * 24 * 60 * MINUTE_MS);

    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, member.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(await mailKinds(member.email)).toEqual(['reset-password', 'password-changed']);

    expect((await confirm('reset', token, 'Another-Vintage-2001')).json()).toEqual(LINK_INVALID);
  });

  it('refuses a common password on the password field and leaves the link usable', async () => {
    const member = await t.createCustomer();
    await requestReset(member.email);
    const token = await latestToken(member.email, '/reset-password/');
    const response = await confirm('reset', token, 'password1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'validationError',
      errors: [{ field: 'password', code: 'passwordTooCommon', message: 'This password is too common. Please choose another.' }],
    });
    expect((await confirm('reset', token)).statusCode).toBe(200);
  });

  it('refuses mismatched or short passwords with the form messages', async () => {
    const response = await post('/v1/customer/password-reset/confirm', { token: 'D'.repeat(43), password: 'short', confirmPassword: 'other' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: expect.arrayContaining([
        expect.objectContaining({ field: 'password', code: 'passwordTooShort' }),
        expect.objectContaining({ field: 'confirmPassword', code: 'passwordsDoNotMatch' }),
      ]),
    });
  });

  it('refuses an expired link, a create link, an unknown one and another tenant’s', async () => {
    const member = await t.createCustomer();
    await requestReset(member.email);
    const expiring = await latestToken(member.email, '/reset-password/');
    advance(30 * MINUTE_MS + 1_000);
    expect((await confirm('reset', expiring)).json()).toEqual(LINK_INVALID);

    const invited = await t.createCustomer({ passwordHash: null });
    await post(`/v1/staff/members/${invited.id}/invite`, undefined, { authorization: await t.signInStaff(staffEmail) });
    const createToken = await latestToken(invited.email, '/create-password/');
    expect((await confirm('reset', createToken)).json()).toEqual(LINK_INVALID);
    expect((await post('/v1/customer/link/exchange', { token: createToken, purpose: 'login' })).json()).toEqual(LINK_INVALID);

    expect((await confirm('reset', 'E'.repeat(43))).json()).toEqual(LINK_INVALID);

    const otherTenant = await t.createTenant();
    const stranger = await t.createCustomer({ tenantId: otherTenant });
    await requestReset(stranger.email, { tenant: otherTenant });
    const theirs = await latestToken(stranger.email, '/reset-password/');
    expect((await confirm('reset', theirs)).json()).toEqual(LINK_INVALID);
    expect((await confirm('reset', theirs, NEW_PASSWORD, { tenant: otherTenant })).statusCode).toBe(200);
  });
});

describe('creating a password (staff invitation)', () => {
  it('e-mails a 72-hour /create-password/ link; the member sets a password and is signed in', async () => {
    const invited = await t.createCustomer({ passwordHash: null });
    const staffToken = await t.signInStaff(staffEmail);
    const sent = await post(`/v1/staff/members/${invited.id}/invite`, undefined, { authorization: staffToken });
    expect(sent.statusCode).toBe(202);
    const { expiresAt } = sent.json() as { expiresAt: string };
    expect(new Date(expiresAt).getTime() - clock().getTime()).toBeGreaterThan(71.9 * 60 * MINUTE_MS);
    const [mail] = await t.deliveredMail({ to: invited.email });
    expect(mail).toMatchObject({ kind: 'create-password' });
    expect(mail!.text).toContain('expires in 72 hours');

    const token = await latestToken(invited.email, '/create-password/');
    expect((await confirm('reset', token)).json()).toEqual(LINK_INVALID);
    const created = await confirm('create', token);
    expect(created.statusCode).toBe(200);
    expect((await getSelf(invited.id, (created.json() as { token: string }).token)).statusCode).toBe(200);
    expect((await login(invited.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await confirm('create', token)).json()).toEqual(LINK_INVALID);
  });

  it('keeps only the newest invitation working, and expires after 72 hours', async () => {
    const invited = await t.createCustomer({ passwordHash: null });
    await post(`/v1/staff/members/${invited.id}/invite`, undefined, { authorization: await t.signInStaff(staffEmail) });
    await post(`/v1/staff/members/${invited.id}/invite`, undefined, { authorization: await t.signInStaff(staffEmail) });
    const [older, newer] = await mailedTokens(invited.email, '/create-password/');
    expect((await confirm('create', older!)).json()).toEqual(LINK_INVALID);
    advance(72 * 60 * MINUTE_MS + 1_000);
    expect((await confirm('create', newer!)).json()).toEqual(LINK_INVALID);
  });

  it('is for staff only, and answers 404 for a member of another tenant', async () => {
    const member = await t.createCustomer();
    expect((await post(`/v1/staff/members/${member.id}/invite`, undefined, { authorization: await t.signIn(member.email) })).statusCode).toBe(401);
    const otherTenant = await t.createTenant();
    const stranger = await t.createCustomer({ tenantId: otherTenant });
    const response = await post(`/v1/staff/members/${stranger.id}/invite`, undefined, { authorization: await t.signInStaff(staffEmail) });
    expect(response.statusCode).toBe(404);
  });
});
