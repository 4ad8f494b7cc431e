import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@winery/domain';
import { auditLog, customers, linkTokens, mailQueue, offeringInvitations, offerings, tiers } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { createInvitationsRepository } from './invitations.repository.js';
import { createInvitationsService } from './invitations.service.js';
import { secretLink } from '../mail/templates/secret-link.js';

/* Invitations to an offering, their states, reminders on demand and the scheduled reminder. */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signInStaff((await t.createStaffUser()).email);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/v1/staff${url}`,
    headers: { tenant: TEST_TENANT, authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function offeringWithMembers(count: number, overrides: Parameters<TestApp['createOffering']>[0] = {}) {
  const offering = await t.createOffering({ startDate: new Date(Date.now() - DAY_MS), endDate: new Date(Date.now() + 10 * DAY_MS), ...overrides });
  const members = [];
  for (let i = 0; i < count; i += 1) {
    const customer = await t.createCustomer({ lastName: `Member ${String.fromCharCode(65 + i)}` });
    const allocation = await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
    members.push({ customer, allocation });
  }
  return { offering, members };
}

const mailsOf = async (offeringId: string, kind: string) => {
  const rows = await t.db.select().from(offeringInvitations).where(eq(offeringInvitations.offeringId, offeringId));
  const mails = rows.length === 0 ? [] : await t.db.select().from(mailQueue).where(inArray(mailQueue.id, rows.flatMap((row) => (row.mailId ? [row.mailId] : []))));
  return mails.filter((mail) => mail.kind === kind);
};

describe('POST /v1/staff/offerings/{offeringId}/invitations', () => {
  it("queues each member's invitation once, even for ten identical requests at once", async () => {
    const { offering, members } = await offeringWithMembers(3);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/offerings/${offering.id}/invitations`, {})));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(202));
    const bodies = answers.map((answer) => answer.json() as { queued: number; skipped: number });
    expect(bodies.reduce((sum, body) => sum + body.queued, 0)).toBe(3);
    expect(bodies.filter((body) => body.queued === 3)).toHaveLength(1);
    expect(bodies.filter((body) => body.queued === 0 && body.skipped === 3)).toHaveLength(9);
    const mails = await mailsOf(offering.id, 'allocation-link');
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(members.map((member) => member.customer.email).sort());
    const audits = await t.db.select().from(auditLog).where(inArray(auditLog.entityId, members.map((member) => member.allocation.id)));
    expect(audits.map((entry) => entry.action)).toEqual(['invitation.send', 'invitation.send', 'invitation.send']);
  });

  it('skips deactivated members always, and the invited unless resend; a failed e-mail is sent again', async () => {
    const { offering, members } = await offeringWithMembers(2);
    const gone = await t.createCustomer({ deactivatedAt: new Date() });
    await t.createAllocation({ offeringId: offering.id, customerId: gone.id });
    expect((await call('POST', `/offerings/${offering.id}/invitations`)).json()).toEqual({ queued: 2, skipped: 1, optedOut: 0 });
    expect((await call('POST', `/offerings/${offering.id}/invitations`, {})).json()).toEqual({ queued: 0, skipped: 3, optedOut: 0 });
    const resent = await call('POST', `/offerings/${offering.id}/invitations`, { customerIds: [members[0]!.customer.id, gone.id], resend: true });
    expect(resent.json()).toEqual({ queued: 1, skipped: 1, optedOut: 0 });
    expect(await t.deliveredMail({ to: gone.email })).toEqual([]);

    // The second member's e-mail fails for good: a plain send tries them again.
    const [row] = await t.db.select().from(offeringInvitations).where(eq(offeringInvitations.allocationId, members[1]!.allocation.id));
    await t.db.update(mailQueue).set({ status: 'failed', lastError: 'Error: mailbox unavailable' }).where(eq(mailQueue.id, row!.mailId!));
    expect((await call('POST', `/offerings/${offering.id}/invitations`)).json()).toEqual({ queued: 1, skipped: 2, optedOut: 0 });
  });

  it('answers 409 for a draft offering and 404 for an unknown one', async () => {
    const { offering } = await offeringWithMembers(1, { status: 'draft' });
    const draft = await call('POST', `/offerings/${offering.id}/invitations`);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toBe('This offering is a draft. Publish it before inviting members.');
    expect(await mailsOf(offering.id, 'allocation-link')).toEqual([]);
    expect((await call('POST', `/offerings/${t.newId()}/invitations`)).statusCode).toBe(404);
  });
});

describe('by tier', () => {
  it("sends, lists, counts and reminds only the tier's members when a tier is given", async () => {
    const { offering, members } = await offeringWithMembers(4);
    const [founder] = await t.db.insert(tiers).values({ tenantId: t.tenantId, name: `Founder ${offering.id}`, rank: 1 }).returning();
    const founders = [members[0]!, members[2]!].map((member) => member.customer.id);
    await t.db.update(customers).set({ tierId: founder!.id }).where(inArray(customers.id, founders));

    const sent = await call('POST', `/offerings/${offering.id}/invitations`, { tierId: founder!.id });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ queued: 2, skipped: 0, optedOut: 0 });

    const page = (await call('GET', `/offerings/${offering.id}/invitations?tierId=${founder!.id}`)).json();
    expect(page.items.map((item: { customerId: string; state: string }) => [item.customerId, item.state])).toEqual(founders.map((id) => [id, expect.stringMatching(/queued|sent/)]));
    expect((await call('GET', `/offerings/${offering.id}/invitations/summary?tierId=${founder!.id}`)).json()).toMatchObject({ allocated: 2, invited: 2 });
    expect((await call('GET', `/offerings/${offering.id}/invitations/summary`)).json()).toMatchObject({ allocated: 4, invited: 2 });

    const reminded = await call('POST', `/offerings/${offering.id}/reminders`, { tierId: founder!.id });
    expect(reminded.json()).toEqual({ queued: 2, skipped: 0, optedOut: 0 });
    expect((await call('GET', `/offerings/${offering.id}/invitations?tierId=not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('GET /v1/staff/offerings/{offeringId}/invitations and /summary', () => {
  it("follows each member: none, queued, sent, failed, link used, ordered", async () => {
    const { offering, members } = await offeringWithMembers(6);
    const ids = members.map((member) => member.customer.id);
    await call('POST', `/offerings/${offering.id}/invitations`, { customerIds: ids.slice(1, 5) });
    // Members B to E invited and their mail sent.
    await t.deliveredMail();
    const [failed] = await t.db.select().from(offeringInvitations).where(eq(offeringInvitations.allocationId, members[2]!.allocation.id));
    await t.db.update(mailQueue).set({ status: 'failed', sentAt: null, lastError: 'Error: mailbox unavailable' }).where(eq(mailQueue.id, failed!.mailId!));
    // D opens the link, E orders.
    const [dMail] = await t.deliveredMail({ to: members[3]!.customer.email, kind: 'allocation-link' });
    const linkToken = new URL(dMail!.links.find((link) => link.includes('/allocation-link/'))!).pathname.split('/').at(-1)!;
    const opened = await t.app.inject({ method: 'POST', url: '/v1/customer/link/exchange', headers: { tenant: TEST_TENANT }, payload: { token: linkToken, purpose: 'allocation' } });
    expect(opened.statusCode).toBe(200);
    await t.createOrder({ customerId: ids[4]!, allocationId: members[4]!.allocation.id });
    await call('POST', `/offerings/${offering.id}/invitations`, { customerIds: [ids[5]!] });
    // F's e-mail waits for a retry tomorrow. Sent first, then put back: rewound while the app's
    // worker held it, it would be marked sent after the rewind (its claim still matches).
    await t.deliveredMail();
    const [waiting] = await t.db.select().from(offeringInvitations).where(eq(offeringInvitations.allocationId, members[5]!.allocation.id));
    await t.db.update(mailQueue).set({ status: 'queued', sentAt: null, nextAttemptAt: new Date(Date.now() + DAY_MS) }).where(eq(mailQueue.id, waiting!.mailId!));

    const page = await call('GET', `/offerings/${offering.id}/invitations?limit=50`);
    expect(page.statusCode).toBe(200);
    const states = page.json().items.map((item: { lastName: string; state: string }) => [item.lastName, item.state]);
    expect(states).toEqual([
      ['Member A', 'none'],
      ['Member B', 'sent'],
      ['Member C', 'failed'],
      ['Member D', 'linkUsed'],
      ['Member E', 'ordered'],
      ['Member F', 'queued'],
    ]);
    const c = page.json().items[2];
    expect(c).toMatchObject({ lastError: 'Error: mailbox unavailable', invitedAt: expect.any(String), sentAt: null, orderedAt: null });
    expect(page.json().items[3]).toMatchObject({ linkUsedAt: expect.any(String), sentAt: expect.any(String) });
    const failedOnly = (await call('GET', `/offerings/${offering.id}/invitations?state=failed`)).json();
    expect(failedOnly.items.map((item: { customerId: string }) => item.customerId)).toEqual([ids[2]]);

    const summary = await call('GET', `/offerings/${offering.id}/invitations/summary`);
    expect(summary.headers['cache-control']).toBe('no-store');
    expect(summary.json()).toEqual({ allocated: 6, invited: 5, optedOut: 0, queued: 1, sent: 1, failed: 1, linkUsed: 1, ordered: 1 });
  });
});

describe('reminders', () => {
  it('reminds invited members who have not ordered, with a fresh link', async () => {
    const { offering, members } = await offeringWithMembers(3);
    await call('POST', `/offerings/${offering.id}/invitations`, { customerIds: [members[0]!.customer.id, members[1]!.customer.id] });
    await t.createOrder({ customerId: members[1]!.customer.id, allocationId: members[1]!.allocation.id });
    const reminded = await call('POST', `/offerings/${offering.id}/reminders`, {});
    expect(reminded.statusCode).toBe(202);
    expect(reminded.json()).toEqual({ queued: 1, skipped: 2, optedOut: 0 });
    const [mail] = await t.deliveredMail({ to: members[0]!.customer.email, kind: 'invitation-reminder' });
    expect(mail!.subject).toContain(offering.name);
    expect(mail!.links.some((link) => link.includes('/allocation-link/'))).toBe(true);
  });

  it('sends the scheduled reminder once, with two workers ticking at once', async () => {
    const { offering, members } = await offeringWithMembers(2, { endDate: new Date(Date.now() + 2 * DAY_MS) });
    const later = await offeringWithMembers(1, { endDate: new Date(Date.now() + 9 * DAY_MS), reminderDaysBefore: 3 });
    await call('POST', `/offerings/${offering.id}/invitations`);
    await call('POST', `/offerings/${later.offering.id}/invitations`);
    // Due from now on: three days before an end two days away.
    await t.db.update(offerings).set({ reminderDaysBefore: 3 }).where(eq(offerings.id, offering.id));
    const worker = () => createInvitationsService({ repository: createInvitationsRepository(t.db), mail: t.app.mail, now: () => new Date() });
    const [one, two] = [worker(), worker()];
    const sent = await Promise.all([one.remindDue(), two.remindDue()]);
    // The app's own worker ticks too (after each e-mail queued): whoever claims it, each member gets one reminder.
    expect(sent[0]! + sent[1]!).toBeLessThanOrEqual(2);
    expect(await one.remindDue()).toBe(0);
    expect((await mailsOf(offering.id, 'invitation-reminder')).map((mail) => mail.toAddress).sort()).toEqual(members.map((member) => member.customer.email).sort());
    const [row] = await t.db.select().from(offerings).where(eq(offerings.id, offering.id));
    expect(row!.reminderSentAt).not.toBeNull();
    // Not due yet (nine days left, three before): nothing sent.
    expect(await mailsOf(later.offering.id, 'invitation-reminder')).toEqual([]);
  });
});

describe("members' own choices (issue 15)", () => {
  /** The member turns a switch in their account, as the communication page does. */
  async function choose(customer: { id: string; email: string }, preferences: { offeringInvitations: boolean; offeringReminders: boolean; news: boolean }) {
    const memberToken = await t.signIn(customer.email);
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/v1/${TEST_TENANT}/customer/${customer.id}/communication`,
      headers: { tenant: TEST_TENANT, authorization: memberToken },
      payload: preferences,
    });
    expect(answer.statusCode).toBe(200);
  }
  const ALL_ON = { offeringInvitations: true, offeringReminders: true, news: true };

  it('skips members who turned invitations off: the send, the list, its filter and the figures say so', async () => {
    const { offering, members } = await offeringWithMembers(3);
    await choose(members[1]!.customer, { ...ALL_ON, offeringInvitations: false });

    expect((await call('POST', `/offerings/${offering.id}/invitations`)).json()).toEqual({ queued: 2, skipped: 1, optedOut: 1 });
    const mails = await mailsOf(offering.id, 'allocation-link');
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([members[0]!.customer.email, members[2]!.customer.email].sort());
    // Named, and even with resend: still not mailed.
    expect((await call('POST', `/offerings/${offering.id}/invitations`, { customerIds: [members[1]!.customer.id], resend: true })).json()).toEqual({
      queued: 0,
      skipped: 1,
      optedOut: 1,
    });
    await t.deliveredMail();
    expect(await t.deliveredMail({ to: members[1]!.customer.email })).toEqual([]);

    const page = (await call('GET', `/offerings/${offering.id}/invitations?limit=50`)).json();
    expect(page.items.map((item: { lastName: string; state: string }) => [item.lastName, item.state])).toEqual([
      ['Member A', 'sent'],
      ['Member B', 'optedOut'],
      ['Member C', 'sent'],
    ]);
    const optedOut = (await call('GET', `/offerings/${offering.id}/invitations?state=optedOut`)).json();
    expect(optedOut.items.map((item: { customerId: string }) => item.customerId)).toEqual([members[1]!.customer.id]);
    expect((await call('GET', `/offerings/${offering.id}/invitations/summary`)).json()).toEqual({
      allocated: 3,
      invited: 2,
      optedOut: 1,
      queued: 0,
      sent: 2,
      failed: 0,
      linkUsed: 0,
      ordered: 0,
    });

    // Turned back on: the next send invites them.
    await choose(members[1]!.customer, ALL_ON);
    expect((await call('POST', `/offerings/${offering.id}/invitations`)).json()).toEqual({ queued: 1, skipped: 2, optedOut: 0 });
  });

  it('skips members who turned reminders off, on demand and on schedule, and the list marks them', async () => {
    const { offering, members } = await offeringWithMembers(3, { endDate: new Date(Date.now() + 2 * DAY_MS) });
    await call('POST', `/offerings/${offering.id}/invitations`);
    await choose(members[0]!.customer, { ...ALL_ON, offeringReminders: false });

    expect((await call('POST', `/offerings/${offering.id}/reminders`, {})).json()).toEqual({ queued: 2, skipped: 1, optedOut: 1 });
    const page = (await call('GET', `/offerings/${offering.id}/invitations?limit=50`)).json();
    expect(page.items.map((item: { remindersOptedOut: boolean }) => item.remindersOptedOut)).toEqual([true, false, false]);

    // The scheduled reminder leaves them out too.
    await t.db.update(offerings).set({ reminderDaysBefore: 3 }).where(eq(offerings.id, offering.id));
    const worker = createInvitationsService({ repository: createInvitationsRepository(t.db), mail: t.app.mail, now: () => new Date() });
    await worker.remindDue();
    await t.deliveredMail();
    expect(await t.deliveredMail({ to: members[0]!.customer.email, kind: 'invitation-reminder' })).toEqual([]);
    expect(await t.deliveredMail({ to: members[1]!.customer.email, kind: 'invitation-reminder' })).toHaveLength(2);
  });

  it('asks the member again as it queues: one who opted out since the list was read gets no mail and no link', async () => {
    const { offering, members } = await offeringWithMembers(1);
    const customer = members[0]!.customer;
    await t.db.update(customers).set({ mailOfferingInvitations: false }).where(eq(customers.id, customer.id));
    // The list as it was read a moment before the member said no.
    const repository = createInvitationsRepository(t.db);
    const stale: typeof repository = {
      ...repository,
      transaction: (work) =>
        repository.transaction((q) => work({ ...q, members: async (...args) => (await q.members(...args)).map((member) => ({ ...member, wantsInvitations: true })) })),
    };
    const service = createInvitationsService({ repository: stale, mail: t.app.mail, now: () => new Date() });
    expect(await service.send({ tenantId: TEST_TENANT, staff: null }, offering.id)).toEqual({ queued: 0, skipped: 1, optedOut: 1 });
    expect(await t.db.select().from(linkTokens).where(eq(linkTokens.customerId, customer.id))).toEqual([]);
    expect(await t.db.select().from(offeringInvitations).where(eq(offeringInvitations.customerId, customer.id))).toEqual([]);

    // The mail service never sends optional mail without asking.
    const template = { kind: 'allocation-link' as const, firstName: 'Ada', url: secretLink('/allocation-link/', 'x'), offeringName: offering.name, closesOn: offering.endDate.toISOString() };
    await expect(t.app.mail.enqueue({ tenantId: TEST_TENANT, to: customer.email, template })).rejects.toThrow(/enqueueIfWanted/);
    expect(await t.app.mail.enqueueIfWanted({ tenantId: TEST_TENANT, customerId: customer.id, to: customer.email, template })).toBeNull();
    await t.db.update(customers).set({ mailOfferingInvitations: true }).where(eq(customers.id, customer.id));
    expect(await t.app.mail.enqueueIfWanted({ tenantId: TEST_TENANT, customerId: customer.id, to: customer.email, template })).toMatchObject({ id: expect.any(String) });
  });
});
