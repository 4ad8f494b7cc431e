import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: { id: string; email: string };
let adminToken: string;
let ip = 0;
const freshIp = () => `198.51.${Math.floor((ip += 1) / 250)}.${ip % 250}`;

const NEW_PASSWORD = 'Barrel-Room-1987';

beforeAll(async () => {
  t = await createTestApp({ uniformAnswerMs: 0, loginLimits: { perPair: { free: 3, firstDelayMs: 60_000, maxDelayMs: 240_000 } } });
  admin = await t.createStaffUser({ role: 'admin', name: 'Catherine Aldermoor' });
  adminToken = await t.signInStaff(admin.email);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: unknown, remoteAddress = freshIp()) =>
  t.app.inject({
    method,
    url,
    remoteAddress,
    headers: { tenant: TEST_TENANT, ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const login = (email: string, password = TEST_PASSWORD, remoteAddress = freshIp()) =>
  call('POST', '/v1/staff/login', undefined, { email, password }, remoteAddress);

async function invite(email: string, role = 'manager') {
  const response = await call('POST', '/v1/staff/accounts', adminToken, { email, name: 'Jules Cooper', role });
  expect(response.statusCode, response.body).toBe(201);
  const [mail] = await t.deliveredMail({ to: email, kind: 'staff-invitation' });
  const link = mail!.links.find((href) => href.includes('/staff/create-password/'))!;
  return { account: response.json() as { id: string; role: string; invitationPending: boolean }, token: link.split('/').at(-1)!, mail: mail! };
}

async function audit(query: string, token = adminToken) {
  const response = await call('GET', `/v1/staff/audit?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Array<{ action: string; entityId: string; staff: { email: string; name: string } | null; before: unknown; after: unknown }>; nextCursor: string | null };
}

describe('inviting a colleague', () => {
  it('e-mails a create-password link that signs them in once, with the role given, and leaves an audit trail', async () => {
    const { account, token, mail } = await invite('jules@example.com');
    expect(account).toMatchObject({ email: 'jules@example.com', role: 'manager', active: true, invitationPending: true });
    expect(mail.text).toContain('Catherine Aldermoor invited you');
    expect(mail.text).toContain('as a manager');
    // No password yet: sign-in is refused like a wrong password.
    expect((await login('jules@example.com')).statusCode).toBe(401);

    const created = await call('POST', '/v1/staff/create-password', undefined, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(created.statusCode, created.body).toBe(200);
    const { token: staffToken, staff } = created.json() as { token: string; staff: { id: string; role: string } };
    expect(staff).toMatchObject({ id: account.id, role: 'manager' });
    expect((await call('GET', '/v1/staff/me', staffToken)).json()).toMatchObject({ email: 'jules@example.com', role: 'manager' });
    expect((await login('jules@example.com', NEW_PASSWORD)).statusCode).toBe(200);

    const again = await call('POST', '/v1/staff/create-password', undefined, { token, password: 'Other-Cellar-2020', confirmPassword: 'Other-Cellar-2020' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ field: 'token', code: 'linkInvalid' });

    const trail = await audit(`entityId=${account.id}`);
    expect(trail.items.map((entry) => entry.action)).toEqual(['staffAccount.createPassword', 'staffAccount.invite']);
    expect(trail.items[1]!.staff).toEqual({ id: admin.id, name: 'Catherine Aldermoor', email: admin.email });
    expect(JSON.stringify(trail.items)).not.toContain('passwordHash');
  });

  it('refuses an e-mail already on the team (409 on the email field), and a member link cannot create a staff password', async () => {
    const taken = await call('POST', '/v1/staff/accounts', adminToken, { email: admin.email.toUpperCase(), name: 'Again', role: 'viewer' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ field: 'email', code: 'emailInUse' });
    const forged = await call('POST', '/v1/staff/create-password', undefined, { token: 'A'.repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(forged.statusCode).toBe(400);
  });

  it('a fresh invitation ends the earlier link', async () => {
    const { account, token } = await invite('resend@example.com', 'viewer');
    const resent = await call('POST', `/v1/staff/accounts/${account.id}/invitation`, adminToken);
    expect(resent.statusCode, resent.body).toBe(202);
    const old = await call('POST', '/v1/staff/create-password', undefined, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(old.statusCode).toBe(400);
    const mails = await t.deliveredMail({ to: 'resend@example.com', kind: 'staff-invitation' });
    expect(mails).toHaveLength(2);
  });

  it('is for admins only: a manager is refused the list and the invitation', async () => {
    const manager = await t.createStaffUser({ role: 'manager' });
    const managerToken = await t.signInStaff(manager.email);
    expect((await call('GET', '/v1/staff/accounts', managerToken)).statusCode).toBe(403);
    expect((await call('POST', '/v1/staff/accounts', managerToken, { email: 'x@example.com', name: 'X', role: 'admin' })).statusCode).toBe(403);
    const list = await call('GET', '/v1/staff/accounts?limit=1', adminToken);
    expect(list.json().items).toHaveLength(1);
    const next = await call('GET', `/v1/staff/accounts?limit=200&cursor=${list.json().nextCursor}`, adminToken);
    expect(next.json().items.map((item: { email: string }) => item.email)).not.toContain(list.json().items[0].email);
  });
});

describe('roles and deactivation', () => {
  it('a changed role applies to the colleague’s next request', async () => {
    const colleague = await t.createStaffUser({ role: 'manager' });
    const token = await t.signInStaff(colleague.email);
    const changed = await call('PUT', `/v1/staff/accounts/${colleague.id}`, adminToken, { role: 'viewer' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'viewer' });
    expect((await call('POST', '/v1/staff/wines', token, { name: 'Too Late', vintage: 2020 })).statusCode).toBe(403);
    const [entry] = (await audit(`action=staffAccount.role&entityId=${colleague.id}`)).items;
    expect(entry).toMatchObject({ before: { role: 'manager' }, after: { role: 'viewer' } });
  });

  it('an admin cannot demote or deactivate themselves (409)', async () => {
    const demote = await call('PUT', `/v1/staff/accounts/${admin.id}`, adminToken, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect((await call('POST', `/v1/staff/accounts/${admin.id}/deactivate`, adminToken)).statusCode).toBe(409);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const first = await t.createStaffUser({ role: 'admin' });
    const second = await t.createStaffUser({ role: 'admin' });
    const [firstToken, secondToken] = [await t.signInStaff(first.email), await t.signInStaff(second.email)];
    // The suite's own admin steps aside for this test, so these two are the only admins.
    const solo = await t.createStaffUser({ role: 'admin' });
    const soloToken = await t.signInStaff(solo.email);
    expect((await call('PUT', `/v1/staff/accounts/${admin.id}`, soloToken, { role: 'manager' })).statusCode).toBe(200);
    expect((await call('POST', `/v1/staff/accounts/${solo.id}/deactivate`, firstToken)).statusCode).toBe(200);

    const answers = await Promise.all([
      call('PUT', `/v1/staff/accounts/${second.id}`, firstToken, { role: 'viewer' }),
      call('PUT', `/v1/staff/accounts/${first.id}`, secondToken, { role: 'viewer' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // The loser is either refused as the last admin, or has already lost the admin role itself.
    expect([403, 409]).toContain(statuses[1]);
    const accounts = (await call('GET', '/v1/staff/accounts?limit=200', answers[0]!.statusCode === 200 ? firstToken : secondToken)).json();
    expect(accounts.items.filter((item: { role: string; active: boolean }) => item.role === 'admin' && item.active)).toHaveLength(1);

    // Put the suite's admin back.
    const winner = answers[0]!.statusCode === 200 ? firstToken : secondToken;
    expect((await call('PUT', `/v1/staff/accounts/${admin.id}`, winner, { role: 'admin' })).statusCode).toBe(200);
    adminToken = await t.signInStaff(admin.email);
  });

  it('a deactivated colleague loses their sessions and cannot sign in; deactivating again changes nothing', async () => {
    const colleague = await t.createStaffUser({ role: 'manager' });
    const token = await t.signInStaff(colleague.email);
    const done = await call('POST', `/v1/staff/accounts/${colleague.id}/deactivate`, adminToken);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ active: false });
    expect((await call('GET', '/v1/staff/me', token)).statusCode).toBe(401);
    const refused = await login(colleague.email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Your email address or password is invalid');
    expect((await call('POST', `/v1/staff/accounts/${colleague.id}/deactivate`, adminToken)).statusCode).toBe(200);
    expect((await audit(`action=staffAccount.deactivate&entityId=${colleague.id}`)).items).toHaveLength(1);

    expect((await call('POST', `/v1/staff/accounts/${colleague.id}/reactivate`, adminToken)).statusCode).toBe(200);
    expect((await login(colleague.email)).statusCode).toBe(200);
  });

  it('a deactivated colleague’s invitation link stops working', async () => {
    const { account, token } = await invite('leaver@example.com');
    expect((await call('POST', `/v1/staff/accounts/${account.id}/deactivate`, adminToken)).statusCode).toBe(200);
    const used = await call('POST', '/v1/staff/create-password', undefined, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(used.statusCode).toBe(400);
  });
});

describe('staff sign-in is rate-limited like members’', () => {
  it('ten wrong passwords at once for one account from one address: the free tries are answered, the rest wait (429)', async () => {
    const colleague = await t.createStaffUser({ role: 'viewer' });
    const address = freshIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(colleague.email, 'Wrong-Password-1', address)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(answers.find((answer) => answer.statusCode === 429)!.headers['retry-after']).toBeDefined();
    // Even the right password waits now, from that address.
    expect((await login(colleague.email, TEST_PASSWORD, address)).statusCode).toBe(429);
  });
});

describe('the audit trail', () => {
  it('is newest first, pages by cursor, filters by time, and is refused to viewers', async () => {
    const firstPage = await audit('limit=2');
    expect(firstPage.items).toHaveLength(2);
    const secondPage = await audit(`limit=2&cursor=${firstPage.nextCursor}`);
    expect(secondPage.items[0]!.action).toBeDefined();
    expect(secondPage.items.map((e) => JSON.stringify(e))).not.toContain(JSON.stringify(firstPage.items[0]));
    expect((await audit(`from=${new Date(Date.now() + 60_000).toISOString()}`)).items).toEqual([]);
    expect((await call('GET', '/v1/staff/audit?from=yesterday', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/v1/staff/audit?cursor=bm9wZQ', adminToken)).statusCode).toBe(400);
    const viewer = await t.createStaffUser({ role: 'viewer' });
    expect((await call('GET', '/v1/staff/audit', await t.signInStaff(viewer.email))).statusCode).toBe(403);
  });
});
