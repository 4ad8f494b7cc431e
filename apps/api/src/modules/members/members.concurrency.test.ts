import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, tiers } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/*
 * The member, tier and import writes sent ten times AT ONCE: one request is applied whole, the
 * others get the answer a repeat gets (409, or nothing left to change), never a 500 (issue 11's
 * rule for staff writes). On the PostgreSQL server (DATABASE_URL) the requests really overlap.
 */

const N = 10;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ globalRateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  token = await t.signInStaff((await t.createStaffUser({ role: 'admin' })).email);
});
afterAll(async () => t?.close());

const send = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, headers: { tenant: TEST_TENANT, authorization: token, 'content-type': contentType }, payload });
const statuses = (answers: Array<{ statusCode: number }>) => answers.map((answer) => answer.statusCode).sort();

describe('member writes at once', () => {
  it('the same new member ten times: one 201, nine 409 on the e-mail', async () => {
    const body = JSON.stringify({ firstName: 'Ada', lastName: 'Twice', email: 'same.member@race.example' });
    const answers = await Promise.all(Array.from({ length: N }, () => send('/v1/staff/members', body)));
    expect(statuses(answers)).toEqual([201, ...Array(N - 1).fill(409)]);
    expect(await t.db.select().from(customers).where(like(customers.email, '%@race.example'))).toHaveLength(1);
  });

  it('the same tier ten times: one 201, nine 409 on the name', async () => {
    const answers = await Promise.all(Array.from({ length: N }, () => send('/v1/staff/tiers', JSON.stringify({ name: 'Race Tier', rank: 5 }))));
    expect(statuses(answers)).toEqual([201, ...Array(N - 1).fill(409)]);
    expect(await t.db.select().from(tiers).where(like(tiers.name, 'Race Tier'))).toHaveLength(1);
  });

  it('the same import ten times: written once; the others find the members there or answer 409', async () => {
    const csv = ['email,first_name,last_name', ...Array.from({ length: 30 }, (_, n) => `m${n}@import-race.example,Ada,Racer`)].join('\n');
    const answers = await Promise.all(Array.from({ length: N }, () => send('/v1/staff/members/import?dryRun=false', csv, 'text/csv')));
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    const imported = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().imported as number);
    expect(imported.reduce((sum, n) => sum + n, 0)).toBe(30);
    expect(await t.db.select().from(customers).where(like(customers.email, '%@import-race.example'))).toHaveLength(30);
    expect(await t.db.select().from(auditLog).where(like(auditLog.action, 'member.import'))).toHaveLength(30);
  });
});
