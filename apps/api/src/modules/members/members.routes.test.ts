import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@winery/domain';
import { createTestApp, TEST_PASSWORD, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let token: string;
let ip = 0;
const freshIp = () => `192.0.${Math.floor((ip += 1) / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp({ uniformAnswerMs: 0 });
  token = await t.signInStaff((await t.createStaffUser({ role: 'manager', name: 'Mara Manager' })).email);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, authorization: string | undefined = token) =>
  t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: { tenant: TEST_TENANT, ...(authorization ? { authorization } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const member = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ines',
  lastName: 'Quintarelli',
  email: `ines-${Math.random().toString(36).slice(2)}@example.com`,
  phone: '(707) 555-0199',
  dateOfBirth: '1975-03-09',
  memberSince: '2011-06-01',
  ...overrides,
});

async function tier(name: string, rank = 1) {
  const response = await call('POST', '/v1/staff/tiers', { name, rank });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string };
}

const lastAudit = async (entityId: string) => {
  const response = await call('GET', `/v1/staff/audit?entityId=${entityId}&limit=1`);
  return (response.json() as { items: Array<{ action: string; before: Record<string, unknown>; after: Record<string, unknown>; staff: { name: string } }> }).items[0]!;
};

describe('members: create, edit and the member page', () => {
  it('adds a member, refuses a taken e-mail (409) and an unknown tier (400), and edits them with an audit entry', async () => {
    const gold = await tier('Gold (create test)');
    const address = { address1: '410 Park Avenue', city: 'New York', stateCode: 'ny', zipCode: '10022', countryCode: 'US' };
    const created = await call('POST', '/v1/staff/members', member({ email: 'Ines.Q@Example.com', tierId: gold.id, address }));
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json();
    expect(detail).toMatchObject({ email: 'ines.q@example.com', tierName: 'Gold (create test)', memberSince: '2011-06-01', active: true, hasPassword: false });
    expect(detail.addresses).toEqual([expect.objectContaining({ city: 'New York', stateCode: 'NY', isDefaultShipping: true, isDefaultBilling: true })]);
    const badAddress = await call('POST', '/v1/staff/members', member({ address: { ...address, zipCode: 'ABC' } }));
    expect(badAddress.json().errors[0]).toMatchObject({ field: 'address.zipCode', code: 'zipInvalid' });

    const taken = await call('POST', '/v1/staff/members', member({ email: 'ines.q@example.com' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ field: 'email', code: 'emailInUse' });
    const noTier = await call('POST', '/v1/staff/members', member({ tierId: t.newId() }));
    expect(noTier.statusCode).toBe(400);
    expect(noTier.json().errors[0]).toMatchObject({ field: 'tierId', code: 'tierNotFound' });

    const edited = await call('PUT', `/v1/staff/members/${detail.id}`, member({ email: 'ines.q@example.com', lastName: 'Quintarelli-Rossi' }));
    expect(edited.statusCode, edited.body).toBe(200);
    // tierId left out keeps the tier.
    expect(edited.json()).toMatchObject({ lastName: 'Quintarelli-Rossi', tierId: gold.id });
    const entry = await lastAudit(detail.id);
    expect(entry).toMatchObject({ action: 'member.update', before: { lastName: 'Quintarelli' }, after: { lastName: 'Quintarelli-Rossi' }, staff: { name: 'Mara Manager' } });
    expect(JSON.stringify(entry)).not.toContain('passwordHash');
  });

  it('shows addresses, allocations offered and taken, wishes, orders and e-mailed links (never a token)', async () => {
    const customer = await t.createCustomer({ lastName: 'Pagefield' });
    await t.createAddress({ customerId: customer.id, isDefaultShipping: true });
    const offering = await t.createOffering({ name: 'Spring Release' });
    const wine = await t.createOfferingWine({ offeringId: offering.id });
    const allocation = await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
    await t.createAllocationLine({ allocationId: allocation.id, offeringWineId: wine.id, maximum: 6 });
    await t.createOrder({ customerId: customer.id, allocationId: allocation.id, totalCents: 36_000 });
    expect((await call('POST', `/v1/staff/members/${customer.id}/account-link`)).statusCode).toBe(202);

    const response = await call('GET', `/v1/staff/members/${customer.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.addresses).toHaveLength(1);
    expect(page.allocations).toEqual([expect.objectContaining({ offeringName: 'Spring Release', bottlesOffered: 6, ordered: true })]);
    expect(page.orders).toEqual([expect.objectContaining({ totalCents: 36_000, offeringName: 'Spring Release' })]);
    expect(page.links).toEqual([expect.objectContaining({ purpose: 'account', usedAt: null })]);
    expect(response.body).not.toMatch(/token/i);
    expect((await call('GET', `/v1/staff/members/${t.newId()}`)).statusCode).toBe(404);
  });
});

describe('the members list', () => {
  it('searches names, e-mail and phone digits, and filters by tier, place, active and the last offering', async () => {
    const silver = await tier('Silver (list test)', 2);
    const a = await t.createCustomer({ lastName: 'Listwell', firstName: 'Anna', phone: '+1 (415) 555-7788', tierId: silver.id });
    const b = await t.createCustomer({ lastName: 'Listwell', firstName: 'Bruno', phone: null, deactivatedAt: new Date() });
    await t.createAddress({ customerId: a.id, stateCode: 'NY', city: 'New York', zipCode: '10013' });
    const last = await t.createOffering({ startDate: new Date(Date.now() - DAY_MS) });
    await t.createOrder({ customerId: a.id, allocationId: (await t.createAllocation({ offeringId: last.id, customerId: a.id })).id });

    const names = async (query: string) => {
      const response = await call('GET', `/v1/staff/members?q=Listwell&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as Array<{ firstName: string }>).map((item) => item.firstName);
    };
    expect(await names('')).toEqual(['Anna', 'Bruno']);
    const byPhone = await call('GET', '/v1/staff/members?q=415 555 7788');
    expect(byPhone.json().items.map((item: { id: string }) => item.id)).toEqual([a.id]);
    // An e-mail with digits in it finds its member, not also whoever's phone holds those digits.
    const numbered = await t.createCustomer({ email: 'vintner4155@list-search.example', lastName: 'Numbered' });
    const byEmail = await call('GET', `/v1/staff/members?q=${encodeURIComponent(numbered.email)}`);
    expect(byEmail.json().items.map((item: { id: string }) => item.id)).toEqual([numbered.id]);
    expect(await names(`tierId=${silver.id}`)).toEqual(['Anna']);
    expect(await names('countryCode=us&stateCode=ny')).toEqual(['Anna']);
    expect(await names('stateCode=CA')).toEqual([]);
    expect(await names('active=false')).toEqual(['Bruno']);
    expect(await names('orderedInLastOffering=true')).toEqual(['Anna']);
    expect(await names('orderedInLastOffering=false')).toEqual(['Bruno']);
    expect((await call('GET', '/v1/staff/members?active=maybe')).statusCode).toBe(400);
    const first = (await call('GET', '/v1/staff/members?q=Listwell&limit=1')).json();
    expect(first.items[0]).toMatchObject({ firstName: 'Anna', active: true, tierName: 'Silver (list test)' });
    const second = (await call('GET', `/v1/staff/members?q=Listwell&limit=1&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((item: { id: string }) => item.id)).toEqual([b.id]);
  });

  it('finds a name whatever its accents and case, as staff type it', async () => {
    const helene = await t.createCustomer({ firstName: 'Hélène', lastName: 'Lefèvre-Ångström' });
    const plain = await t.createCustomer({ firstName: 'Helene', lastName: 'Lefevre-Angstrom' });
    const ids = async (q: string) => {
      const response = await call('GET', `/v1/staff/members?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as Array<{ id: string }>).map((item) => item.id).sort();
    };
    const both = [helene.id, plain.id].sort();
    expect(await ids('helene lefevre')).toEqual(both);
    expect(await ids('LEFÈVRE-ÅNGSTRÖM')).toEqual(both);
    expect(await ids('Hélène')).toEqual(both);
    expect(await ids('angstrom')).toEqual(both);
    // Folding is per letter: a different letter is a different name.
    expect(await ids('Lefavre')).toEqual([]);
  });

  it('exports the same members as CSV, in the columns the import reads', async () => {
    await t.createCustomer({ prefix: 'Dr.', lastName: 'Exporter', firstName: 'Éva', email: 'eva.exporter@example.com' });
    const response = await call('GET', '/v1/staff/members.csv?q=Exporter');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    // UTF-8 with its byte-order mark, lines ending in CRLF, as the orders' export: how Excel knows
    // to read 'Éva' as UTF-8 rather than in the computer's code page.
    expect(response.body.startsWith('\ufeffprefix,first_name,')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('prefix,first_name,last_name,email,phone,date_of_birth,tier,member_since,address1,address2,city,state,zip,country,active');
    expect(lines).toEqual([lines[0], expect.stringContaining('Dr.,Éva,Exporter,eva.exporter@example.com'), '']);
    // The import reads every column of it back, the title included.
    const back = await t.app.inject({ method: 'POST', url: '/v1/staff/members/import', headers: { tenant: TEST_TENANT, authorization: token, 'content-type': 'text/csv' }, payload: response.body });
    expect(back.json()).toMatchObject({ valid: 1, errors: [], duplicates: [{ existing: true }] });
    expect(Object.values(back.json().columns)).toEqual(lines[0]!.split(',').filter((column) => column !== 'active'));
    const none = await call('GET', '/v1/staff/members.csv?q=nobody-is-called-this');
    expect(none.body).toBe(`\ufeff${lines[0]}\r\n`);
  });
});

describe('deactivating a member', () => {
  it('signs them out, and refuses their password, their links, new links and invitations until reactivated', async () => {
    const customer = await t.createCustomer({ lastName: 'Leaver' });
    const memberToken = await t.signIn(customer.email);
    const offering = await t.createOffering();
    await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
    expect((await call('POST', `/v1/staff/offerings/${offering.id}/invitations`, { customerIds: [customer.id] })).statusCode).toBe(202);
    const [invitation] = await t.deliveredMail({ to: customer.email, kind: 'allocation-link' });
    const allocationToken = invitation!.links.find((href) => href.includes('/allocation-link/'))!.split('/').at(-1)!;
    const mailsBefore = (await t.deliveredMail({ to: customer.email })).length;

    const done = await call('POST', `/v1/staff/members/${customer.id}/deactivate`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ active: false });
    expect((await lastAudit(customer.id)).action).toBe('member.deactivate');

    expect((await call('GET', `/v1/customer/${customer.id}`, undefined, memberToken)).statusCode).toBe(401);
    const password = await call('POST', '/v1/customer/login', { email: customer.email, password: TEST_PASSWORD }, undefined);
    expect(password.statusCode).toBe(401);
    const link = await call('POST', '/v1/customer/link/exchange', { token: allocationToken, purpose: 'allocation' }, undefined);
    expect(link.statusCode).toBe(400);
    expect((await call('POST', '/v1/customer/login-link', { email: customer.email }, undefined)).statusCode).toBe(202);
    expect((await call('POST', '/v1/customer/password-reset', { email: customer.email }, undefined)).statusCode).toBe(202);
    expect((await call('POST', `/v1/staff/members/${customer.id}/account-link`)).statusCode).toBe(409);
    expect((await call('POST', `/v1/staff/members/${customer.id}/invite`)).statusCode).toBe(409);
    const again = await call('POST', `/v1/staff/offerings/${offering.id}/invitations`, { customerIds: [customer.id], resend: true });
    expect(again.statusCode, again.body).toBeLessThan(500);
    expect(await t.deliveredMail({ to: customer.email })).toHaveLength(mailsBefore);

    expect((await call('POST', `/v1/staff/members/${customer.id}/deactivate`)).statusCode).toBe(200);
    const back = await call('POST', `/v1/staff/members/${customer.id}/reactivate`);
    expect(back.json()).toMatchObject({ active: true });
    expect((await call('POST', '/v1/customer/login', { email: customer.email, password: TEST_PASSWORD }, undefined)).statusCode).toBe(200);
  });
});

describe('tiers', () => {
  it('are created, renamed and removed (members then in no tier); names are unique (409)', async () => {
    const bronze = await tier('Bronze (tier test)', 3);
    expect((await call('POST', '/v1/staff/tiers', { name: 'Bronze (tier test)', rank: 4 })).statusCode).toBe(409);
    const renamed = await call('PUT', `/v1/staff/tiers/${bronze.id}`, { name: 'Copper (tier test)', rank: 3 });
    expect(renamed.json()).toMatchObject({ name: 'Copper (tier test)' });
    const customer = await t.createCustomer({ tierId: bronze.id });
    expect((await call('GET', '/v1/staff/tiers')).json()).toEqual(expect.arrayContaining([{ id: bronze.id, name: 'Copper (tier test)', rank: 3 }]));
    expect((await call('DELETE', `/v1/staff/tiers/${bronze.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/v1/staff/members/${customer.id}`)).json()).toMatchObject({ tierId: null });
    expect((await call('DELETE', `/v1/staff/tiers/${bronze.id}`)).statusCode).toBe(404);
    expect((await call('POST', '/v1/staff/tiers', { name: '', rank: 0 })).statusCode).toBe(400);
  });

  it('moves members in bulk, all or nothing, one audit entry per member moved', async () => {
    const reserve = await tier('Reserve (move test)', 1);
    const [a, b] = [await t.createCustomer(), await t.createCustomer()];
    const refused = await call('POST', '/v1/staff/members/tier', { customerIds: [a.id, t.newId()], tierId: reserve.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: 'customerIds.1' });
    expect((await call('GET', `/v1/staff/members/${a.id}`)).json().tierId).toBeNull();

    const moved = await call('POST', '/v1/staff/members/tier', { customerIds: [a.id, b.id], tierId: reserve.id });
    expect(moved.json()).toEqual({ updated: 2 });
    expect((await call('POST', '/v1/staff/members/tier', { customerIds: [a.id], tierId: reserve.id })).json()).toEqual({ updated: 0 });
    expect(await lastAudit(b.id)).toMatchObject({ action: 'member.tier', before: { tierId: null, tier: null }, after: { tierId: reserve.id, tier: 'Reserve (move test)' } });
    expect((await call('POST', '/v1/staff/members/tier', { customerIds: [a.id], tierId: null })).json()).toEqual({ updated: 1 });
    // Each entry names the tiers, as they were called when the member moved.
    expect(await lastAudit(a.id)).toMatchObject({ before: { tierId: reserve.id, tier: 'Reserve (move test)' }, after: { tierId: null, tier: null } });
  });

  it('viewers read but do not change members or tiers', async () => {
    const viewer = await t.signInStaff((await t.createStaffUser({ role: 'viewer' })).email);
    expect((await call('GET', '/v1/staff/tiers', undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', '/v1/staff/tiers', { name: 'Nope', rank: 1 }, viewer)).statusCode).toBe(403);
    expect((await call('POST', '/v1/staff/members', member(), viewer)).statusCode).toBe(403);
  });
});
