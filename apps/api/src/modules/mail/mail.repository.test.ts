import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../../db/schema/index.js';
import { createFactories, TEST_TENANT } from '../../testing/factories.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { createMailRepository } from './mail.repository.js';

/*
 * The claim that lets several API instances send one queue (mail-worker.ts): each claim takes at
 * most its batch, so the instances share a large queue. Runs on PGlite and on the PostgreSQL
 * server when DATABASE_URL is set.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await createFactories(database.db).createTenant(TEST_TENANT, 'Acme Vineyards');
});
afterAll(async () => database?.close());

describe('claimDue', () => {
  it('takes at most its batch, the oldest first, and leaves the rest to the next claim (another instance)', async () => {
    const at = new Date();
    // One statement, as an invitation to every member queues them: the same times on every row.
    await database.db.insert(mailQueue).values(
      Array.from({ length: 45 }, (_, i) => ({
        id: randomUUID(),
        tenantId: TEST_TENANT,
        kind: 'sign-in-link',
        toAddress: `member-${i}@example.com`,
        subject: 'Sign in',
        textBody: 'text',
        htmlBody: '<p>html</p>',
        nextAttemptAt: at,
        createdAt: at,
      })),
    );
    const repository = createMailRepository(database.db);
    const lease = new Date(at.getTime() + 600_000);
    const claims = [];
    for (let i = 0; i < 4; i += 1) claims.push(await repository.claimDue(at, 20, lease));
    expect(claims.map((rows) => rows.length)).toEqual([20, 20, 5, 0]);
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(45);
    expect(claims.flat().every((row) => row.attempts === 1 && row.nextAttemptAt.getTime() === lease.getTime())).toBe(true);
  });
});
