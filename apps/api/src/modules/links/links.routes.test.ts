import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokens, mailQueue, signInRequests } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { MINUTE_MS, DAY_MS } from '@winery/domain';

// The app's clock: real time plus what a test skips ahead, and a millisecond more on every read,
// so rows written one after another never share a timestamp.
let offsetMs = 0;
let tick = 0;
const clock = () => new Date(Date.now() + offsetMs + (tick += 1));
const advance = (ms: number) => {
  offsetMs += ms;
};

let t: TestApp;
let staffEmail: string;
/** A staff token signed in now: staff sessions last 12 hours, and these tests move the clock by days. */
const asStaff = () => t.signInStaff(staffEmail);

beforeAll(async () => {
  t = await createTestApp({
    now: clock,
    uniformAnswerMs: 0,
    requestLimits: {
      signInLink: {
        perPair: { max: 3, windowMs: 15 * MINUTE_MS },
        perIp: { max: 4, windowMs: 15 * MINUTE_MS },
        perEmail: { max: 5, windowMs: 15 * MINUTE_MS },
      },
      badLinks: { perIp: { max: 3, windowMs: 15 * MINUTE_MS } },
    },
  });
  staffEmail = (await t.createStaffUser()).email;
});
afterAll(async () => t?.close());

let ipCounter = 0;
/** A fresh client address, so one test's requests never count against another's per-IP limits. */
const freshIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

const post = (url: string, payload?: unknown, options: { ip?: string; tenant?: string; authorization?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      tenant: options.tenant ?? TEST_TENANT,
      ...(options.authorization ? { authorization: options.authorization } : {}),
    },
    remoteAddress: options.ip ?? freshIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const requestLink = (email: string, options: { ip?: string; tenant?: string } = {}) =>
  post('/v1/customer/login-link', { email }, options);

const exchange = (token: string, purpose: string, options: { ip?: string; tenant?: string } = {}) =>
  post('/v1/customer/link/exchange', { token, purpose }, options);

const getSelf = (customerId: string, token: string, tenant = TEST_TENANT) =>
  t.app.inject({ method: 'GET', url: `/v1/customer/${customerId}`, headers: { tenant, authorization: token } });

/**
 * Every link of this path delivered to the address, oldest first, as the member would click them
 * (the queue itself holds placeholders, never the token).
 */
async function mailedTokens(to: string, path: string): Promise<string[]> {
  return (await t.deliveredMail({ to })).flatMap((mail) =>
    mail.links
      .map((link) => new URL(link).pathname)
      .filter((pathname) => pathname.startsWith(path))
      .map((pathname) => pathname.slice(path.length)),
  );
}
const latestToken = async (to: string, path: string) => (await mailedTokens(to, path)).at(-1)!;

const LINK_INVALID = {
  statusCode: 400,
  type: 'validationError',
  message: 'This link has expired or was already used.',
  errors: [{ field: 'token', code: 'linkInvalid', message: 'This link has expired or was already used.' }],
};

describe('POST /v1/customer/login-link', () => {
  it('e-mails a member a 15-minute link to /login-by-link/ that signs in once', async () => {
    const member = await t.createCustomer();
    const response = await requestLink(member.email.toUpperCase());
    expect(response.statusCode).toBe(202);
    const { requestId } = response.json() as { requestId: string };
    expect(Object.keys(response.json())).toEqual(['requestId']);

    const [queued] = await t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, member.email));
    expect(queued).toMatchObject({ kind: 'sign-in-link', status: 'queued' });
    const [mail] = await t.deliveredMail({ to: member.email, kind: 'sign-in-link' });
    expect(mail!.text).toContain('expires in 15 minutes');
    const token = await latestToken(member.email, '/login-by-link/');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [stored] = await t.db.select().from(linkTokens).where(eq(linkTokens.customerId, member.id));
    expect(stored).toMatchObject({ purpose: 'login', requestId, usedAt: null });
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(lifetime).toBe(15 * MINUTE_MS);

    const signedIn = await exchange(token, 'login');
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json() as { token: string; customerId: string };
    expect(body.customerId).toBe(member.id);
    expect(body).not.toHaveProperty('allocationId');
    expect((await getSelf(member.id, body.token)).statusCode).toBe(200);

    const again = await exchange(token, 'login');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(LINK_INVALID);
  });

  it('answers an unknown address the same way, records the request and sends nothing', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const before = await t.db.select().from(mailQueue);
    const response = await requestLink(email);
    expect(response.statusCode).toBe(202);
    expect(Object.keys(response.json())).toEqual(['requestId']);
    const { requestId } = response.json() as { requestId: string };
    const [row] = await t.db.select().from(signInRequests).where(eq(signInRequests.id, requestId));
    expect(row).toMatchObject({ email, customerId: null, tenantId: TEST_TENANT });
    expect(await t.db.select().from(mailQueue)).toHaveLength(before.length);

    // The /magic-link page reads the same either way and never shows the address.
    const page = await t.app.inject({ method: 'GET', url: `/v1/customer/login-link/${requestId}`, headers: { tenant: TEST_TENANT } });
    expect(page.statusCode).toBe(200);
    expect(Object.keys(page.json()).sort()).toEqual(['canResendAt', 'createdAt', 'resendableUntil']);
    expect(page.body).not.toContain(email);
  });

  it('makes a new request every time, each with its own id', async () => {
    const member = await t.createCustomer();
    const first = (await requestLink(member.email)).json() as { requestId: string };
    const second = (await requestLink(member.email)).json() as { requestId: string };
    expect(first.requestId).not.toBe(second.requestId);
    expect(await mailedTokens(member.email, '/login-by-link/')).toHaveLength(2);
  });

  it('shows the request for /magic-link/{id}: when it was made and when resend opens', async () => {
    const member = await t.createCustomer();
    const { requestId } = (await requestLink(member.email)).json() as { requestId: string };
    const page = await t.app.inject({ method: 'GET', url: `/v1/customer/login-link/${requestId}`, headers: { tenant: TEST_TENANT } });
    expect(page.statusCode).toBe(200);
    const view = page.json() as { createdAt: string; canResendAt: string; resendableUntil: string };
    expect(new Date(view.canResendAt).getTime() - new Date(view.createdAt).getTime()).toBe(MINUTE_MS);
    expect(new Date(view.resendableUntil).getTime() - new Date(view.createdAt).getTime()).toBe(60 * MINUTE_MS);
    expect(page.body).not.toContain(member.email);

    // Another tenant cannot read it; an unknown id is simply not found.
    const otherTenant = await t.createTenant();
    const elsewhere = await t.app.inject({ method: 'GET', url: `/v1/customer/login-link/${requestId}`, headers: { tenant: otherTenant } });
    expect(elsewhere.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: `/v1/customer/login-link/${t.newId()}`, headers: { tenant: TEST_TENANT } });
    expect(unknown.json()).toMatchObject({ statusCode: 404, type: 'notFound', message: 'This sign-in request does not exist' });
  });
});

describe('POST /v1/customer/login-link/{requestId}/resend', () => {
  it('sends a fresh link after the pause and the previous unused one stops working', async () => {
    const member = await t.createCustomer();
    const { requestId } = (await requestLink(member.email)).json() as { requestId: string };
    const first = await latestToken(member.email, '/login-by-link/');

    const tooSoon = await post(`/v1/customer/login-link/${requestId}/resend`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ type: 'rateLimited', message: 'We have just sent a link. Please wait a moment before asking for another.' });
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    advance(MINUTE_MS + 1_000);
    const resent = await post(`/v1/customer/login-link/${requestId}/resend`);
    expect(resent.statusCode).toBe(202);
    expect(Object.keys(resent.json()).sort()).toEqual(['canResendAt', 'createdAt', 'resendableUntil']);
    const tokens = await mailedTokens(member.email, '/login-by-link/');
    expect(tokens).toHaveLength(2);
    const second = tokens[1]!;
    expect(second).not.toBe(first);

    expect((await exchange(first, 'login')).json()).toEqual(LINK_INVALID);
    expect((await exchange(second, 'login')).statusCode).toBe(200);
  });

  it('answers the same for a request without a member, sending nothing', async () => {
    const email = `stranger-${Date.now()}@example.com`;
    const { requestId } = (await requestLink(email)).json() as { requestId: string };
    advance(MINUTE_MS + 1_000);
    const before = (await t.db.select().from(mailQueue)).length;
    const resent = await post(`/v1/customer/login-link/${requestId}/resend`);
    expect(resent.statusCode).toBe(202);
    expect((await t.db.select().from(mailQueue)).length).toBe(before);
  });

  it('refuses a request more than an hour old with a sentence', async () => {
    const member = await t.createCustomer();
    const { requestId } = (await requestLink(member.email)).json() as { requestId: string };
    advance(61 * MINUTE_MS);
    const response = await post(`/v1/customer/login-link/${requestId}/resend`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'This sign-in request is more than an hour old. Please ask for a new sign-in link.',
    });
    expect(await mailedTokens(member.email, '/login-by-link/')).toHaveLength(1);
  });

  it('answers 404 for an unknown request', async () => {
    const response = await post(`/v1/customer/login-link/${t.newId()}/resend`);
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /v1/customer/link/exchange', () => {
  it('refuses a sign-in link after its 15 minutes', async () => {
    const member = await t.createCustomer();
    await requestLink(member.email);
    const token = await latestToken(member.email, '/login-by-link/');
    advance(15 * MINUTE_MS + 1_000);
    const response = await exchange(token, 'login');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(LINK_INVALID);
  });

  it('refuses a link used for another purpose, and leaves it working for its own', async () => {
    const member = await t.createCustomer();
    await requestLink(member.email);
    const token = await latestToken(member.email, '/login-by-link/');
    for (const purpose of ['account', 'allocation']) {
      const wrong = await exchange(token, purpose);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(LINK_INVALID);
    }
    expect((await exchange(token, 'login')).statusCode).toBe(200);
  });

  it("refuses another tenant's link", async () => {
    const otherTenant = await t.createTenant();
    const member = await t.createCustomer({ tenantId: otherTenant });
    await requestLink(member.email, { tenant: otherTenant });
    const token = await latestToken(member.email, '/login-by-link/');

    const wrongTenant = await exchange(token, 'login', { tenant: TEST_TENANT });
    expect(wrongTenant.statusCode).toBe(400);
    expect(wrongTenant.json()).toEqual(LINK_INVALID);

    const own = await exchange(token, 'login', { tenant: otherTenant });
    expect(own.statusCode).toBe(200);
    expect((await getSelf(member.id, (own.json() as { token: string }).token, otherTenant)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed token the same way', async () => {
    const unknown = await exchange('A'.repeat(43), 'login');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(LINK_INVALID);
    const malformed = await exchange('short', 'login');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ type: 'validationError', errors: [{ field: 'token', code: 'linkInvalid' }] });
  });

  it('stores only the SHA-256 of each token, never the token itself', async () => {
    const member = await t.createCustomer();
    await requestLink(member.email);
    const token = await latestToken(member.email, '/login-by-link/');
    const rows = await t.db.select().from(linkTokens).where(eq(linkTokens.customerId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const everything = JSON.stringify(await t.db.select().from(linkTokens));
    expect(everything).not.toContain(token);
  });

  it('stops an address that keeps trying links that do not work, even with a good one', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await exchange(`${'B'.repeat(40)}${i}00`, 'login', { ip })).statusCode).toBe(400);
    }
    const member = await t.createCustomer();
    await requestLink(member.email);
    const token = await latestToken(member.email, '/login-by-link/');
    const blocked = await exchange(token, 'login', { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      type: 'rateLimited',
      message: 'Too many links that do not work were opened from your network. Please wait a few minutes and try again.',
    });
    expect(blocked.headers['retry-after']).toBeDefined();
    // The link was not used up, and works from elsewhere.
    expect((await exchange(token, 'login')).statusCode).toBe(200);
  });
});

describe('sign-in link limits', () => {
  it('limits requests for one address from one IP, member or not, in words', async () => {
    for (const email of [(await t.createCustomer()).email, `ghost-${Date.now()}@example.com`]) {
      const ip = freshIp();
      for (let i = 0; i < 3; i += 1) expect((await requestLink(email, { ip })).statusCode).toBe(202);
      const blocked = await requestLink(email, { ip });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        statusCode: 429,
        type: 'rateLimited',
        message: 'Too many requests for this e-mail address. Please wait a few minutes and try again.',
      });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Another network asking for the same address is not refused.
      expect((await requestLink(email)).statusCode).toBe(202);
    }
  });

  it("past the address's cap, answers as usual and sends nothing new; the links already sent still work (ADR 012)", async () => {
    const member = await t.createCustomer();
    // A stranger spends the address's cap (5) from five networks.
    for (let i = 0; i < 5; i += 1) expect((await requestLink(member.email)).statusCode).toBe(202);
    expect(await mailedTokens(member.email, '/login-by-link/')).toHaveLength(5);
    // The owner asks: the same answer, no new mail, and no 429 that would tell or stop them.
    const owner = await requestLink(member.email);
    expect(owner.statusCode).toBe(202);
    expect(Object.keys(owner.json())).toEqual(['requestId']);
    expect(await mailedTokens(member.email, '/login-by-link/')).toHaveLength(5);
    // The owner's latest link (and any earlier one) signs them in.
    const tokens = await mailedTokens(member.email, '/login-by-link/');
    expect((await exchange(tokens.at(-1)!, 'login')).statusCode).toBe(200);
    expect((await exchange(tokens[0]!, 'login')).statusCode).toBe(200);
  });

  it('counts resends against the same limits', async () => {
    const member = await t.createCustomer();
    const ip = freshIp();
    const { requestId } = (await requestLink(member.email, { ip })).json() as { requestId: string };
    for (let i = 0; i < 2; i += 1) {
      advance(MINUTE_MS + 1_000);
      expect((await post(`/v1/customer/login-link/${requestId}/resend`, undefined, { ip })).statusCode).toBe(202);
    }
    advance(MINUTE_MS + 1_000);
    const blocked = await post(`/v1/customer/login-link/${requestId}/resend`, undefined, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: 'Too many requests for this e-mail address. Please wait a few minutes and try again.' });
    expect(await mailedTokens(member.email, '/login-by-link/')).toHaveLength(3);
  });

  it('limits requests per IP, whatever the address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) {
      expect((await requestLink(`spray-${i}-${Date.now()}@example.com`, { ip })).statusCode).toBe(202);
    }
    const blocked = await requestLink(`spray-last-${Date.now()}@example.com`, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      type: 'rateLimited',
      message: 'Too many requests from your network. Please wait a few minutes and try again.',
    });
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await requestLink(`spray-other-${Date.now()}@example.com`)).statusCode).toBe(202);
  });

  it('opens again once the window has passed', async () => {
    const email = `patient-${Date.now()}@example.com`;
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) await requestLink(email, { ip });
    expect((await requestLink(email, { ip })).statusCode).toBe(429);
    advance(15 * MINUTE_MS + 1_000);
    expect((await requestLink(email, { ip })).statusCode).toBe(202);
  });
});

describe('account links (staff)', () => {
  it('e-mails a 72-hour link to /account-link/ that signs in once, for the account purpose only', async () => {
    const member = await t.createCustomer();
    const sent = await post(`/v1/staff/members/${member.id}/account-link`, undefined, { authorization: await asStaff() });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ customerId: member.id });
    const [mail] = await t.deliveredMail({ to: member.email, kind: 'account-link' });
    expect(mail!.text).toContain('expires in 72 hours');
    const token = await latestToken(member.email, '/account-link/');

    expect((await exchange(token, 'login')).json()).toEqual(LINK_INVALID);
    const opened = await exchange(token, 'account');
    expect(opened.statusCode).toBe(200);
    expect((await getSelf(member.id, (opened.json() as { token: string }).token)).statusCode).toBe(200);
    expect((await exchange(token, 'account')).json()).toEqual(LINK_INVALID);
  });

  it('expires after 72 hours', async () => {
    const member = await t.createCustomer();
    await post(`/v1/staff/members/${member.id}/account-link`, undefined, { authorization: await asStaff() });
    const token = await latestToken(member.email, '/account-link/');
    advance(72 * 60 * MINUTE_MS + 1_000);
    expect((await exchange(token, 'account')).json()).toEqual(LINK_INVALID);
  });

  it('is for staff only, and for members of their own tenant', async () => {
    const member = await t.createCustomer();
    const memberToken = await t.signIn(member.email);
    expect((await post(`/v1/staff/members/${member.id}/account-link`, undefined, { authorization: memberToken })).statusCode).toBe(401);
    expect((await post(`/v1/staff/members/${member.id}/account-link`)).statusCode).toBe(401);
    const otherTenant = await t.createTenant();
    const stranger = await t.createCustomer({ tenantId: otherTenant });
    const response = await post(`/v1/staff/members/${stranger.id}/account-link`, undefined, { authorization: await asStaff() });
    expect(response.statusCode).toBe(404);
  });
});

describe('allocation links (staff invitations)', () => {
  it('e-mails every member of the offering a link that opens their allocation', async () => {
    const offering = await t.createOffering({ startDate: new Date(clock().getTime() - DAY_MS), endDate: new Date(clock().getTime() + 10 * DAY_MS) });
    const [ada, bo] = [await t.createCustomer(), await t.createCustomer({ firstName: 'Bo' })];
    const adaAllocation = await t.createAllocation({ offeringId: offering.id, customerId: ada!.id });
    await t.createAllocation({ offeringId: offering.id, customerId: bo!.id });
    const outsider = await t.createCustomer();

    const sent = await post(`/v1/staff/offerings/${offering.id}/invitations`, undefined, { authorization: await asStaff() });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ queued: 2, skipped: 0, optedOut: 0 });
    expect(await mailedTokens(outsider.email, '/allocation-link/')).toHaveLength(0);
    const [mail] = await t.deliveredMail({ to: bo!.email, kind: 'allocation-link' });
    expect(mail!.text).toContain('Dear Bo,');
    expect(mail!.subject).toContain(offering.name);

    const token = await latestToken(ada!.email, '/allocation-link/');
    expect((await exchange(token, 'login')).json()).toEqual(LINK_INVALID);
    const opened = await exchange(token, 'allocation');
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ customerId: ada!.id, allocationId: adaAllocation.id });
    expect((await getSelf(ada!.id, (opened.json() as { token: string }).token)).statusCode).toBe(200);
    expect((await exchange(token, 'allocation')).json()).toEqual(LINK_INVALID);
  });

  it("works through the grace window and then says 'This allocation link has expired...'", async () => {
    const start = clock().getTime();
    const offering = await t.createOffering({ startDate: new Date(start - 10 * DAY_MS), endDate: new Date(start + DAY_MS) });
    const [early, late] = [await t.createCustomer(), await t.createCustomer()];
    await t.createAllocation({ offeringId: offering.id, customerId: early.id });
    await t.createAllocation({ offeringId: offering.id, customerId: late.id });
    await post(`/v1/staff/offerings/${offering.id}/invitations`, undefined, { authorization: await asStaff() });

    // 29 days after the end: inside the grace window.
    advance(30 * DAY_MS);
    expect((await exchange(await latestToken(early.email, '/allocation-link/'), 'allocation')).statusCode).toBe(200);

    advance(2 * DAY_MS);
    const expired = await exchange(await latestToken(late.email, '/allocation-link/'), 'allocation');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'This allocation link has expired...',
      errors: [{ field: 'token', code: 'allocationLinkExpired', message: 'This allocation link has expired...' }],
    });
    // The used one, and links that never were, keep the general sentence.
    expect((await exchange(await latestToken(early.email, '/allocation-link/'), 'login')).json()).toEqual(LINK_INVALID);
    expect((await exchange('C'.repeat(43), 'allocation')).json()).toEqual(LINK_INVALID);
  });

  it('sends to the members named only, and refuses one without an allocation', async () => {
    const offering = await t.createOffering({ startDate: new Date(clock().getTime() - DAY_MS), endDate: new Date(clock().getTime() + 5 * DAY_MS) });
    const [a, b, c] = [await t.createCustomer(), await t.createCustomer(), await t.createCustomer()];
    await t.createAllocation({ offeringId: offering.id, customerId: a.id });
    await t.createAllocation({ offeringId: offering.id, customerId: b.id });

    const refused = await post(`/v1/staff/offerings/${offering.id}/invitations`, { customerIds: [a.id, c.id] }, { authorization: await asStaff() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: [{ field: 'customerIds.1', code: 'notInOffering' }] });
    expect(await mailedTokens(a.email, '/allocation-link/')).toHaveLength(0);

    const sent = await post(`/v1/staff/offerings/${offering.id}/invitations`, { customerIds: [b.id] }, { authorization: await asStaff() });
    expect(sent.json()).toMatchObject({ queued: 1 });
    expect(await mailedTokens(b.email, '/allocation-link/')).toHaveLength(1);
    expect(await mailedTokens(a.email, '/allocation-link/')).toHaveLength(0);
  });

  it('refuses an offering past its grace window, and an unknown one', async () => {
    const long = clock().getTime() - 100 * DAY_MS;
    const offering = await t.createOffering({ startDate: new Date(long), endDate: new Date(long + DAY_MS) });
    const closed = await post(`/v1/staff/offerings/${offering.id}/invitations`, undefined, { authorization: await asStaff() });
    expect(closed.statusCode).toBe(409);
    const unknown = await post(`/v1/staff/offerings/${t.newId()}/invitations`, undefined, { authorization: await asStaff() });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes the empty JSON body the web app sends as "every member"', async () => {
    const offering = await t.createOffering({ startDate: new Date(clock().getTime() - DAY_MS), endDate: new Date(clock().getTime() + 5 * DAY_MS) });
    const member = await t.createCustomer();
    await t.createAllocation({ offeringId: offering.id, customerId: member.id });
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/staff/offerings/${offering.id}/invitations`,
      headers: { tenant: TEST_TENANT, authorization: await asStaff(), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ queued: 1 });
  });
});
