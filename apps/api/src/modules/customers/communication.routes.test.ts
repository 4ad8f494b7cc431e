import { Writable } from 'node:stream';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@winery/domain';
import { customers } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { createUnsubscribeTokens } from '../mail/unsubscribe-tokens.js';

/*
 * A member's e-mail choices (issue 15): the account's switches, and the unsubscribe link every
 * e-mail that is not transactional carries (List-Unsubscribe, RFC 8058 one-click, the page's calls).
 */

let t: TestApp;
let staffToken: string;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'info',
    logStream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    }),
    mail: { workerIntervalMs: 0, publicUrl: 'https://members.example.com' },
  });
  staffToken = await t.signInStaff((await t.createStaffUser()).email);
});
afterAll(async () => t?.close());

const ALL_ON = { offeringInvitations: true, offeringReminders: true, news: true };
const INVALID = {
  statusCode: 400,
  type: 'validationError',
  message: 'This unsubscribe link has expired or is not valid. Sign in to choose which e-mails you receive.',
  errors: [
    {
      field: 'token',
      code: 'unsubscribeLinkInvalid',
      message: 'This unsubscribe link has expired or is not valid. Sign in to choose which e-mails you receive.',
    },
  ],
};

async function member() {
  const customer = await t.createCustomer();
  return { customer, token: await t.signIn(customer.email) };
}

const preferences = (customerId: string, token: string, payload?: unknown) =>
  t.app.inject({
    method: payload === undefined ? 'GET' : 'PUT',
    url: `/v1/${TEST_TENANT}/customer/${customerId}/communication`,
    headers: { tenant: TEST_TENANT, authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const page = (token: string, payload?: unknown, tenant = TEST_TENANT) =>
  t.app.inject({
    method: payload === undefined ? 'GET' : 'PUT',
    url: `/v1/unsubscribe/${token}`,
    headers: { tenant },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** As a mail app sends it (RFC 8058): no tenant header, no cookie, a form body. */
const oneClick = (token: string, body = 'List-Unsubscribe=One-Click', contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({ method: 'POST', url: `/unsubscribe/${token}`, headers: { 'content-type': contentType }, payload: body });

/** A member invited to an open offering by staff, and the invitation as they received it. */
async function invited() {
  const { customer, token } = await member();
  const offering = await t.createOffering({ startDate: new Date(Date.now() - DAY_MS), endDate: new Date(Date.now() + 10 * DAY_MS) });
  await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
  const sent = await t.app.inject({
    method: 'POST',
    url: `/v1/staff/offerings/${offering.id}/invitations`,
    headers: { tenant: TEST_TENANT, authorization: staffToken },
    payload: { customerIds: [customer.id] },
  });
  expect(sent.json()).toMatchObject({ queued: 1 });
  const [mail] = await t.deliveredMail({ to: customer.email, kind: 'allocation-link' });
  const unsubscribeUrl = mail!.links.find((link) => new URL(link).pathname.startsWith('/unsubscribe/'))!;
  return { customer, token, mail: mail!, unsubscribeUrl, unsubscribeToken: new URL(unsubscribeUrl).pathname.split('/').at(-1)! };
}

const stored = async (customerId: string) => {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, customerId));
  return { offeringInvitations: row!.mailOfferingInvitations, offeringReminders: row!.mailOfferingReminders, news: row!.mailNews };
};

describe('GET and PUT /v1/{tenant}/customer/{customerId}/communication', () => {
  it('answers every switch on for a new member, and keeps what the member sets', async () => {
    const { customer, token } = await member();
    const first = await preferences(customer.id, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(ALL_ON);
    const changed = await preferences(customer.id, token, { offeringInvitations: true, offeringReminders: false, news: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ offeringInvitations: true, offeringReminders: false, news: false });
    expect((await preferences(customer.id, token)).json()).toEqual({ offeringInvitations: true, offeringReminders: false, news: false });
    expect(await stored(customer.id)).toEqual({ offeringInvitations: true, offeringReminders: false, news: false });
  });

  it('refuses a body without every switch, or with something else than true or false', async () => {
    const { customer, token } = await member();
    const missing = await preferences(customer.id, token, { offeringInvitations: false });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: { field: string }) => error.field).sort()).toEqual(['news', 'offeringReminders']);
    expect((await preferences(customer.id, token, { ...ALL_ON, news: 'no' })).statusCode).toBe(400);
    expect(await stored(customer.id)).toEqual(ALL_ON);
  });

  it("answers 403 for another member's choices, and changes nothing", async () => {
    const { token } = await member();
    const other = await t.createCustomer();
    expect((await preferences(other.id, token)).statusCode).toBe(403);
    expect((await preferences(other.id, token, { offeringInvitations: false, offeringReminders: false, news: false })).statusCode).toBe(403);
    expect(await stored(other.id)).toEqual(ALL_ON);
    expect((await preferences(other.id, '')).statusCode).toBe(401);
  });
});

describe('the unsubscribe link of an e-mail that is not transactional', () => {
  it('is in the invitation: List-Unsubscribe, List-Unsubscribe-Post, and a visible link with the account page beside it', async () => {
    const { mail, unsubscribeUrl } = await invited();
    expect(unsubscribeUrl).toMatch(/^https:\/\/members\.example\.com\/unsubscribe\/[A-Za-z0-9_-]{51}$/);
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text).toContain(`Unsubscribe from these e-mails: ${unsubscribeUrl}`);
    expect(mail.text).toContain('Choose which e-mails you receive: https://members.example.com/profile/communication');
    expect(mail.text).toContain('You receive invitations to each offering because you are a member of Acme Vineyards.');
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
  });

  it('is not in transactional mail: an order e-mail has neither the headers nor the link', async () => {
    const { customer } = await member();
    await t.app.mail.enqueue({
      tenantId: TEST_TENANT,
      to: customer.email,
      template: { kind: 'order-shipped', firstName: 'Ada', orderNumber: 'AE-10001', carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: null },
    });
    const [mail] = await t.deliveredMail({ to: customer.email, kind: 'order-shipped' });
    expect(mail!.headers).toBeUndefined();
    expect(mail!.text).not.toContain('/unsubscribe/');
    expect(mail!.html).not.toContain('/unsubscribe/');
  });

  it('shows the page what it stops, turns it off in one click without signing in, and on again', async () => {
    const { customer, unsubscribeToken } = await invited();
    const shown = await page(unsubscribeToken);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ preference: 'offeringInvitations', subscribed: true, maskedEmail: `${customer.email[0]}•••@example.com` });

    const off = await page(unsubscribeToken, { subscribed: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ preference: 'offeringInvitations', subscribed: false });
    // Only its own kind of e-mail.
    expect(await stored(customer.id)).toEqual({ ...ALL_ON, offeringInvitations: false });
    expect((await page(unsubscribeToken, { subscribed: true })).json()).toMatchObject({ subscribed: true });
    expect(await stored(customer.id)).toEqual(ALL_ON);
  });

  it("takes a mail app's one-click POST to the link itself, with no header but the body's, any number of times", async () => {
    const { customer, unsubscribeToken } = await invited();
    for (let i = 0; i < 2; i += 1) {
      const answer = await oneClick(unsubscribeToken);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ preference: 'offeringInvitations', subscribed: false });
    }
    expect(await stored(customer.id)).toEqual({ ...ALL_ON, offeringInvitations: false });
    // Multipart, as RFC 8058 prefers, or no body at all: the same.
    const multipart = await oneClick(unsubscribeToken, '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n', 'multipart/form-data; boundary=x');
    expect(multipart.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/unsubscribe/${unsubscribeToken}` })).statusCode).toBe(200);
  });

  it('turns off reminders from a reminder, and nothing else', async () => {
    const { customer } = await member();
    const offering = await t.createOffering({ startDate: new Date(Date.now() - DAY_MS), endDate: new Date(Date.now() + 10 * DAY_MS) });
    await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
    const headers = { tenant: TEST_TENANT, authorization: staffToken };
    await t.app.inject({ method: 'POST', url: `/v1/staff/offerings/${offering.id}/invitations`, headers, payload: {} });
    await t.app.inject({ method: 'POST', url: `/v1/staff/offerings/${offering.id}/reminders`, headers, payload: {} });
    const [reminder] = await t.deliveredMail({ to: customer.email, kind: 'invitation-reminder' });
    expect(reminder!.text).toContain('You receive reminders before an offering closes');
    const token = new URL(reminder!.headers!['List-Unsubscribe']!.slice(1, -1)).pathname.split('/').at(-1)!;
    expect((await oneClick(token)).json()).toMatchObject({ preference: 'offeringReminders', subscribed: false });
    expect(await stored(customer.id)).toEqual({ ...ALL_ON, offeringReminders: false });
  });

  it('refuses an altered, expired, foreign or unknown token, or a member no longer active, with one answer', async () => {
    const { customer, unsubscribeToken } = await invited();
    const altered = `${unsubscribeToken.slice(0, 10)}${unsubscribeToken[10] === 'A' ? 'B' : 'A'}${unsubscribeToken.slice(11)}`;
    const tokens = createUnsubscribeTokens(t.signingKeys.privateKey);
    const claim = { customerId: customer.id, preference: 'news' as const };
    const expired = tokens.issue({ ...claim, expiresAt: new Date(Date.now() - 1000) });
    const otherKey = createUnsubscribeTokens(generateKeyPairSync('ed25519').privateKey).issue({ ...claim, expiresAt: new Date(Date.now() + DAY_MS) });
    const otherTenant = await t.createTenant();
    const stranger = await t.createCustomer({ tenantId: otherTenant });
    const foreign = tokens.issue({ customerId: stranger.id, preference: 'news', expiresAt: new Date(Date.now() + DAY_MS) });
    const nobody = tokens.issue({ ...claim, customerId: t.newId(), expiresAt: new Date(Date.now() + DAY_MS) });

    for (const bad of [altered, expired, otherKey, foreign, nobody, 'not-a-token']) {
      const shown = await page(bad);
      expect(shown.statusCode, bad).toBe(400);
      expect(shown.json()).toEqual(INVALID);
      expect((await page(bad, { subscribed: false })).statusCode).toBe(400);
      if (bad !== foreign) expect((await oneClick(bad)).statusCode).toBe(400);
    }
    // Another producer's member's link works for that member alone, on their producer's site.
    expect((await page(foreign, undefined, otherTenant)).json()).toMatchObject({ preference: 'news', subscribed: true });
    // A good token under another tenant's header is another producer's link.
    expect((await page(unsubscribeToken, undefined, otherTenant)).json()).toEqual(INVALID);
    expect(await stored(customer.id)).toEqual(ALL_ON);

    await t.db.update(customers).set({ deactivatedAt: new Date() }).where(eq(customers.id, customer.id));
    expect((await oneClick(unsubscribeToken)).statusCode).toBe(400);
  });

  it('never signs anyone in, and stays out of the log', async () => {
    const { unsubscribeToken } = await invited();
    for (const purpose of ['login', 'account', 'allocation']) {
      const exchanged = await t.app.inject({ method: 'POST', url: '/v1/customer/link/exchange', headers: { tenant: TEST_TENANT }, payload: { token: unsubscribeToken, purpose } });
      expect(exchanged.statusCode).toBe(400);
    }
    await page(unsubscribeToken);
    await oneClick(unsubscribeToken);
    const log = lines.join('\n');
    expect(log).toContain('/v1/unsubscribe/[redacted]');
    expect(log).toContain('"url":"/unsubscribe/[redacted]"');
    expect(log).not.toContain(unsubscribeToken);
  });
});
