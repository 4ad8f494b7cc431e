import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, allocationRequests, customers, linkTokens, mailQueue } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { MINUTE_MS } from '@winery/domain';

let t: TestApp;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApp({
    uniformAnswerMs: 0,
    requestLimits: { join: { perEmail: { max: 4, windowMs: 60 * MINUTE_MS }, perIp: { max: 5, windowMs: 15 * MINUTE_MS } } },
  });
  staffToken = await t.signInStaff((await t.createStaffUser()).email);
});
afterAll(async () => t?.close());

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `192.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};
let emailCounter = 0;
const freshEmail = () => `prospect-${Date.now()}-${(emailCounter += 1)}@example.com`;

const person = (overrides: Record<string, unknown> = {}) => {
  const email = (overrides.email as string | undefined) ?? freshEmail();
  return {
    prefix: 'Mr.',
    firstName: 'Jules',
    lastName: 'Barrique',
    email,
    confirmEmail: email,
    phoneCountry: 'US',
    phone: '(707) 555-0142',
    dateOfBirth: '1979-09-02',
    company: '',
    address1: '8 Oak Knoll Avenue',
    address2: '',
    city: 'Napa',
    stateCode: 'ca',
    zipCode: '94558',
    countryCode: 'US',
    ...overrides,
  };
};

const post = (url: string, payload?: unknown, options: { ip?: string; authorization?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { tenant: TEST_TENANT, ...(options.authorization ? { authorization: options.authorization } : {}) },
    remoteAddress: options.ip ?? freshIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const join = (payload: unknown, ip?: string) => post('/v1/allocation-request', payload, { ip });
const joinFoundersList = (payload: unknown, ip?: string) => post('/v1/founders-list', payload, { ip });
const staffGet = (url: string) => t.app.inject({ method: 'GET', url, headers: { tenant: TEST_TENANT, authorization: staffToken } });

const EMAIL_IN_USE = {
  statusCode: 409,
  type: 'conflict',
  message: 'This email address is already in use.',
  errors: [{ field: 'email', code: 'emailInUse', message: 'This email address is already in use.' }],
};

describe('POST /v1/allocation-request (Join Allocation)', () => {
  it('stores the request for staff and queues the acknowledgement', async () => {
    const body = person({ email: `Jules.${Date.now()}@Example.com`, confirmEmail: `jules.${Date.now()}@example.com` });
    body.confirmEmail = (body.email as string).toLowerCase();
    const response = await join(body);
    expect(response.statusCode).toBe(201);
    const { id, kind } = response.json() as { id: string; kind: string };
    expect(kind).toBe('allocation');

    const [row] = await t.db.select().from(allocationRequests).where(eq(allocationRequests.id, id));
    expect(row).toMatchObject({
      tenantId: TEST_TENANT,
      kind: 'allocation',
      status: 'pending',
      prefix: 'Mr.',
      firstName: 'Jules',
      lastName: 'Barrique',
      email: (body.email as string).toLowerCase(),
      phone: '+1 707 555 0142',
      dateOfBirth: '1979-09-02',
      company: null,
      idealAllocation: null,
      address: { address1: '8 Oak Knoll Avenue', address2: null, city: 'Napa', stateCode: 'CA', zipCode: '94558', countryCode: 'US' },
    });
    const mails = await t.deliveredMail({ to: row!.email });
    expect(mails.map((mail) => mail.kind)).toEqual(['join-allocation-received']);
    expect(mails[0]!.text).toContain('Dear Jules,');
  });

  it('refuses an address a member uses, in any case', async () => {
    const member = await t.createCustomer();
    const response = await join(person({ email: member.email.toUpperCase(), confirmEmail: member.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(EMAIL_IN_USE);
    expect(await t.db.select().from(allocationRequests).where(eq(allocationRequests.email, member.email))).toHaveLength(0);
    expect(await t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, member.email))).toHaveLength(0);
  });

  it('refuses an address of a pending request of either kind, and accepts it again once declined', async () => {
    const email = freshEmail();
    expect((await joinFoundersList(person({ email, idealAllocation: '6 bottles' }))).statusCode).toBe(201);
    const again = await join(person({ email }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(EMAIL_IN_USE);
    expect((await joinFoundersList(person({ email, idealAllocation: '12 bottles' }))).json()).toEqual(EMAIL_IN_USE);

    const [pending] = await t.db.select().from(allocationRequests).where(eq(allocationRequests.email, email));
    expect((await post(`/v1/staff/allocation-requests/${pending!.id}/decline`, undefined, { authorization: staffToken })).statusCode).toBe(200);
    expect((await join(person({ email }))).statusCode).toBe(201);
  });

  it('lets only one of two identical requests sent at once through', async () => {
    const email = freshEmail();
    const answers = await Promise.all([join(person({ email })), join(person({ email }))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(allocationRequests).where(eq(allocationRequests.email, email))).toHaveLength(1);
  });

  it('checks the form rules with the seed messages, including the minimum age', async () => {
    const tooYoung = new Date();
    tooYoung.setUTCFullYear(tooYoung.getUTCFullYear() - 18);
    const response = await join(
      person({ firstName: '', confirmEmail: 'other@example.com', phone: '555', dateOfBirth: tooYoung.toISOString().slice(0, 10) }),
    );
    expect(response.statusCode).toBe(400);
    const errors = (response.json() as { errors: Array<{ field: string; message: string }> }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'firstName', message: 'Please enter your first name' }),
        expect.objectContaining({ field: 'confirmEmail', message: 'Email addresses do not match' }),
        expect.objectContaining({ field: 'dateOfBirth', message: 'Must be at least 21 years old' }),
      ]),
    );
  });

  it('limits requests per e-mail address and per IP, in words', async () => {
    const email = freshEmail();
    // Each of the first four counts, even those refused as already in use.
    expect((await join(person({ email }))).statusCode).toBe(201);
    for (let i = 0; i < 3; i += 1) expect((await join(person({ email }))).statusCode).toBe(409);
    const perEmail = await join(person({ email }));
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json()).toEqual({
      statusCode: 429,
      type: 'rateLimited',
      message: 'Too many requests for this e-mail address. Please wait up to an hour and try again.',
    });
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(15 * 60);

    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await join(person(), ip)).statusCode).toBe(201);
    const perIp = await joinFoundersList(person({ idealAllocation: '3 bottles' }), ip);
    expect(perIp.statusCode).toBe(429);
    expect(perIp.json()).toMatchObject({ message: 'Too many requests from your network. Please wait a few minutes and try again.' });
  });
});

describe("POST /v1/founders-list (Founder's List)", () => {
  it('stores the request with the ideal allocation and queues its acknowledgement', async () => {
    const response = await joinFoundersList(person({ idealAllocation: 'Two cases of Melbury' }));
    expect(response.statusCode).toBe(201);
    const { id, kind } = response.json() as { id: string; kind: string };
    expect(kind).toBe('founders-list');
    const [row] = await t.db.select().from(allocationRequests).where(eq(allocationRequests.id, id));
    expect(row).toMatchObject({ kind: 'founders-list', status: 'pending', idealAllocation: 'Two cases of Melbury' });
    const [mail] = await t.deliveredMail({ to: row!.email });
    expect(mail).toMatchObject({ kind: 'founders-list-received' });
    expect(mail!.text).toContain('Two cases of Melbury');
  });

  it('requires the ideal allocation', async () => {
    const response = await joinFoundersList(person());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [{ field: 'idealAllocation', code: 'idealAllocationRequired', message: 'Please tell us your ideal allocation' }],
    });
  });
});

describe('staff: requests to join', () => {
  it('lists requests in arrival order, filtered by kind and status, for staff only', async () => {
    const a = (await join(person())).json() as { id: string };
    const b = (await joinFoundersList(person({ idealAllocation: '6 bottles' }))).json() as { id: string };

    const all = await staffGet('/v1/staff/allocation-requests?limit=200');
    expect(all.statusCode).toBe(200);
    const ids = (all.json().items as Array<{ id: string }>).map((row) => row.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));

    const founders = (await staffGet('/v1/staff/allocation-requests?kind=founders-list&status=pending')).json().items as Array<{
      id: string;
      kind: string;
      address: { stateCode: string };
    }>;
    expect(founders.every((row) => row.kind === 'founders-list')).toBe(true);
    expect(founders.map((row) => row.id)).toContain(b.id);
    expect(founders.map((row) => row.id)).not.toContain(a.id);
    expect(founders.find((row) => row.id === b.id)).toMatchObject({ status: 'pending', idealAllocation: '6 bottles', address: { stateCode: 'CA' } });

    const anyKind = (await staffGet('/v1/staff/allocation-requests?kind=&status=waiting&limit=200')).json().items as Array<{ id: string }>;
    expect(anyKind.map((row) => row.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await staffGet('/v1/staff/allocation-requests?status=maybe')).statusCode).toBe(400);
    const member = await t.createCustomer();
    const asMember = await t.app.inject({
      method: 'GET',
      url: '/v1/staff/allocation-requests',
      headers: { tenant: TEST_TENANT, authorization: await t.signIn(member.email) },
    });
    expect(asMember.statusCode).toBe(401);
  });

  it('approves: creates the member without a password, with the address, and e-mails a create-password link', async () => {
    const body = person();
    const { id } = (await join(body)).json() as { id: string };
    const response = await post(`/v1/staff/allocation-requests/${id}/approve`, undefined, { authorization: staffToken });
    expect(response.statusCode).toBe(200);
    const approved = response.json() as { request: { status: string; decidedAt: string }; customerId: string };
    expect(approved.request.status).toBe('approved');
    expect(approved.request.decidedAt).toBeTruthy();

    const [member] = await t.db.select().from(customers).where(eq(customers.id, approved.customerId));
    expect(member).toMatchObject({ email: body.email, firstName: 'Jules', phone: '+1 707 555 0142', dateOfBirth: '1979-09-02', passwordHash: null });
    const [address] = await t.db.select().from(addresses).where(eq(addresses.customerId, member!.id));
    expect(address).toMatchObject({ address1: '8 Oak Knoll Avenue', city: 'Napa', stateCode: 'CA', isDefaultShipping: true, isDefaultBilling: true });

    const [mail] = await t.deliveredMail({ to: member!.email, kind: 'create-password' });
    expect(mail!.text).toContain('expires in 72 hours');
    const link = mail!.links.find((url) => new URL(url).pathname.startsWith('/create-password/'))!;
    const token = new URL(link).pathname.split('/').at(-1)!;
    const [stored] = await t.db.select().from(linkTokens).where(eq(linkTokens.customerId, member!.id));
    expect(stored).toMatchObject({ purpose: 'create-password' });
    expect(stored!.tokenHash).not.toBe(token);

    const created = await post('/v1/customer/password-create/confirm', { token, password: 'Harvest-Moon-2019', confirmPassword: 'Harvest-Moon-2019' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ customerId: member!.id });

    // Answered once only; the address is now a member's.
    const twice = await post(`/v1/staff/allocation-requests/${id}/approve`, undefined, { authorization: staffToken });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ type: 'conflict', message: 'This request to join has already been answered' });
    expect((await join(person({ email: body.email }))).json()).toEqual(EMAIL_IN_USE);
  });

  it('declines without creating a member, once', async () => {
    const body = person();
    const { id } = (await join(body)).json() as { id: string };
    const declined = await post(`/v1/staff/allocation-requests/${id}/decline`, undefined, { authorization: staffToken });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ id, status: 'declined' });
    expect(await t.db.select().from(customers).where(eq(customers.email, body.email))).toHaveLength(0);
    expect((await post(`/v1/staff/allocation-requests/${id}/approve`, undefined, { authorization: staffToken })).statusCode).toBe(409);
  });

  it("answers 404 for an unknown request or another tenant's", async () => {
    expect((await post(`/v1/staff/allocation-requests/${t.newId()}/approve`, undefined, { authorization: staffToken })).statusCode).toBe(404);
    const otherTenant = await t.createTenant();
    const foreign = await t.createAllocationRequest({ tenantId: otherTenant });
    const response = await post(`/v1/staff/allocation-requests/${foreign.id}/decline`, undefined, { authorization: staffToken });
    expect(response.statusCode).toBe(404);
  });
});
