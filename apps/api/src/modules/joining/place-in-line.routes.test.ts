import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '@winery/domain';
import { createUnsubscribeTokens } from '../mail/unsubscribe-tokens.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { createPlaceTokens, PLACE_LOOKUP_LIMIT } from './place-in-line.js';

let t: TestApp;
const T0 = new Date('2026-11-25T12:00:00Z');
let clock = T0;
const OTHER_TENANT = 'place-other';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, uniformAnswerMs: 0, requestLimits: { badLinks: { perIp: { max: 4, windowMs: 15 * MINUTE_MS } } } });
  await t.createTenant(OTHER_TENANT, 'Other Cellars');
});
afterAll(async () => t?.close());

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;
let emailCounter = 0;

const person = (email: string) => ({
  firstName: 'Jules',
  lastName: 'Barrique',
  email,
  confirmEmail: email,
  phoneCountry: 'US',
  phone: '(707) 555-0142',
  dateOfBirth: '1979-09-02',
  address1: '8 Oak Knoll Avenue',
  city: 'Napa',
  stateCode: 'CA',
  zipCode: '94558',
  countryCode: 'US',
});

const lookUp = (token: unknown, options: { ip?: string; tenant?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/allocation-request/place',
    headers: { tenant: options.tenant ?? TEST_TENANT },
    remoteAddress: options.ip ?? freshIp(),
    payload: { token } as Record<string, unknown>,
  });

/** Joins through the public form and returns the token of the link in the acknowledgement. */
async function joinAndReadLink(path: '/v1/allocation-request' | '/v1/founders-list' = '/v1/allocation-request') {
  // A second apart: two requests at one instant would be ordered by their random ids.
  clock = new Date(clock.getTime() + 1_000);
  const email = `place-${(emailCounter += 1)}@example.com`;
  const body = path === '/v1/founders-list' ? { ...person(email), idealAllocation: '6 bottles' } : person(email);
  const joined = await t.app.inject({ method: 'POST', url: path, headers: { tenant: TEST_TENANT }, remoteAddress: freshIp(), payload: body });
  expect(joined.statusCode).toBe(201);
  const [mail] = await t.deliveredMail({ to: email });
  const match = /\/allocation-request#t=([A-Za-z0-9_-]+)/.exec(mail!.html);
  expect(match, 'the acknowledgement links to the place-in-line page').not.toBeNull();
  expect(mail!.text).toContain(`/allocation-request#t=${match![1]}`);
  return { id: (joined.json() as { id: string }).id, token: match![1]!, email };
}

const INVALID = {
  statusCode: 400,
  type: 'validationError',
  message: 'This link has expired or is not valid.',
  errors: [{ field: 'token', code: 'placeLinkInvalid', message: 'This link has expired or is not valid.' }],
};

describe('POST /v1/allocation-request/place', () => {
  it('answers the place among pending requests of the same kind, by request time, without history no estimate', async () => {
    // Two older pending requests of the same kind, one of the other kind, one decided.
    await t.createAllocationRequest({ createdAt: new Date(clock.getTime() - 3 * DAY_MS) });
    await t.createAllocationRequest({ createdAt: new Date(clock.getTime() - 2 * DAY_MS) });
    await t.createAllocationRequest({ kind: 'founders-list', createdAt: new Date(clock.getTime() - 2 * DAY_MS) });
    await t.createAllocationRequest({ status: 'approved', createdAt: new Date(clock.getTime() - 5 * DAY_MS), decidedAt: clock });
    const { token } = await joinAndReadLink();
    // One who asked later does not move them.
    await t.createAllocationRequest({ createdAt: new Date(clock.getTime() + MINUTE_MS) });

    const response = await lookUp(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'allocation',
      status: 'pending',
      position: 3,
      aheadOfYou: 2,
      waiting: 4,
      requestedAt: clock.toISOString(),
      estimate: null,
    });
  });

  it("the Founder's List has its own line", async () => {
    const { token } = await joinAndReadLink('/v1/founders-list');
    expect((await lookUp(token)).json()).toMatchObject({ kind: 'founders-list', position: 2, aheadOfYou: 1, waiting: 2 });
  });

  it('estimates from the approvals of the last three offerings', async () => {
    const day = (n: number) => new Date(T0.getTime() - n * DAY_MS);
    // Starts 10, 100, 190, 280 and 370 days ago: the last four make three 90-day periods.
    for (const ago of [370, 280, 190, 100, 10]) await t.createOffering({ startDate: day(ago), endDate: day(ago - 5) });
    // A draft and a cancelled offering are not the winery's pace.
    await t.createOffering({ startDate: day(40), endDate: day(35), status: 'draft' });
    await t.createOffering({ startDate: day(50), endDate: day(45), cancelledAt: day(60) });
    // Six approvals in the three periods (two per offering), one before them, one after the latest start.
    for (const ago of [300, 250, 200, 150, 120, 60, 11]) {
      await t.createAllocationRequest({ status: 'approved', createdAt: day(ago + 30), decidedAt: day(ago) });
    }
    await t.createAllocationRequest({ status: 'approved', createdAt: day(40), decidedAt: day(5) });
    const { token } = await joinAndReadLink();
    const answer = response(await lookUp(token));
    // Three pending ahead (the first test's two older requests and its prospect); 6 admitted / 3 → 2 per offering.
    expect(answer).toMatchObject({ position: 4, estimate: { offerings: 2, admittedPerOffering: 2 } });
    // At a 90-day pace the next offering is 80 days away, and the one after it 170.
    expect(answer.estimate.likelyBy).toBe(new Date(day(10).getTime() + 2 * 90 * DAY_MS).toISOString());
  });

  it('a decided request shows its status and no place', async () => {
    const { id, token } = await joinAndReadLink();
    const staffToken = await t.signInStaff((await t.createStaffUser()).email);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/v1/staff/allocation-requests/${id}/approve`,
      headers: { tenant: TEST_TENANT, authorization: staffToken },
    });
    expect(approved.statusCode).toBe(200);
    expect((await lookUp(token)).json()).toMatchObject({ status: 'approved', position: null, aheadOfYou: null, waiting: null, estimate: null });
  });

  it('gives one answer for an altered, cut, foreign, expired or other-purpose token', async () => {
    const { id, token } = await joinAndReadLink();
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const otherKey = createPlaceTokens(Buffer.from('another server entirely, another key')).link(id, clock).token;
    const unsubscribe = createUnsubscribeTokens(t.signingKeys.privateKey).issue({
      customerId: id,
      preference: 'news',
      expiresAt: new Date(clock.getTime() + DAY_MS),
    });
    for (const bad of [flipped, token.slice(0, -1), otherKey, unsubscribe]) {
      const answer = await lookUp(bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json()).toEqual(INVALID);
    }
    // What no token can be is refused by the schema, on the same field with the same words.
    for (const bad of ['', 'x'.repeat(300)]) {
      const answer = await lookUp(bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ type: 'validationError', errors: INVALID.errors });
    }
    // Another producer's page: the token is good, the request is not theirs.
    expect((await lookUp(token, { tenant: OTHER_TENANT })).json()).toEqual(INVALID);
    // 180 days on, to the second.
    const issued = clock;
    clock = new Date(issued.getTime() + 180 * DAY_MS - 1_000);
    expect((await lookUp(token)).statusCode).toBe(200);
    clock = new Date(issued.getTime() + 180 * DAY_MS);
    expect((await lookUp(token)).json()).toEqual(INVALID);
    clock = issued;
  });

  it('never reads the token from the query string', async () => {
    const { token } = await joinAndReadLink();
    const answer = await t.app.inject({
      method: 'POST',
      url: `/v1/allocation-request/place?token=${token}`,
      headers: { tenant: TEST_TENANT },
      remoteAddress: freshIp(),
      payload: {},
    });
    expect(answer.statusCode).toBe(400);
  });
});

describe('limits of the place look-up', () => {
  it(`answers ${PLACE_LOOKUP_LIMIT.max} look-ups from one network at once and refuses the rest with 429`, async () => {
    const { token } = await joinAndReadLink();
    const ip = '203.0.113.7';
    const answers = await Promise.all(Array.from({ length: PLACE_LOOKUP_LIMIT.max + 8 }, () => lookUp(token, { ip })));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(PLACE_LOOKUP_LIMIT.max);
    expect(codes.filter((code) => code === 429)).toHaveLength(8);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ type: 'rateLimited' });
    // Another network is not slowed.
    expect((await lookUp(token)).statusCode).toBe(200);
  });

  it('tokens that do not work spend the network budget of bad links, sent at once', async () => {
    const ip = '203.0.113.9';
    const bad = 'A'.repeat(51);
    const answers = await Promise.all(Array.from({ length: 10 }, () => lookUp(bad, { ip })));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 400)).toHaveLength(4);
    expect(codes.filter((code) => code === 429)).toHaveLength(6);
    // A good link costs nothing of that budget and still opens: its signature cannot be guessed.
    const { token } = await joinAndReadLink();
    expect((await lookUp(token, { ip })).statusCode).toBe(200);
  });
});

function response(answer: { json: () => unknown }) {
  return answer.json() as { position: number; estimate: { offerings: number; likelyBy: string | null; admittedPerOffering: number } };
}
