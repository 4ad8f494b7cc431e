import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, tenants } from '../../db/schema/index.js';
import { assertApiBuilt, createServerDatabase, startApi, type ApiProcess, type ServerDatabase } from '../../testing/api-process.js';
import { hashPassword } from './password.service.js';
import { SESSION_CACHE_MS } from './session-cache.js';

/**
 * ADR 026, across instances: two real API processes on one PostgreSQL database and one Redis. A
 * member's session that instance B has cached as live stops working there as soon as the member
 * signs out through instance A, well within SESSION_CACHE_MS: A says so on Redis.
 */

const ADMIN_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const TENANT = 'revoke';
const PASSWORD = 'Revoke-Everywhere-2026!';

let database: ServerDatabase;
let work: string;
const apis: ApiProcess[] = [];

describe.skipIf(!ADMIN_URL || !REDIS_URL)('a session revoked on one instance (PostgreSQL server and Redis only)', () => {
  beforeAll(async () => {
    assertApiBuilt();
    database = await createServerDatabase(ADMIN_URL!, 'winery_revoke');
    work = mkdtempSync(join(tmpdir(), 'winery-revoke-'));
    const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const name of ['a', 'b']) {
      apis.push(
        await startApi(
          {
            DATABASE_URL: database.url,
            REDIS_URL: REDIS_URL!,
            SEED_DEMO: 'false',
            TOKEN_PRIVATE_KEY: key,
            LOG_LEVEL: 'warn',
            DATA_DIR: join(work, name),
            WEB_ROOT: join(work, 'no-web'),
            NODE_ENV: 'production',
          },
          join(work, `${name}.log`),
        ),
      );
    }
  }, 200_000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.kill()));
    await database?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('stops on the other instance at once, not after the cache time', async () => {
    await database.db.insert(tenants).values({ id: TENANT, name: 'Revoke Cellars' });
    const [member] = await database.db
      .insert(customers)
      .values({ tenantId: TENANT, email: 'ada@revoke.example', firstName: 'Ada', lastName: 'Vintner', passwordHash: await hashPassword(PASSWORD) })
      .returning();
    const [a, b] = apis as [ApiProcess, ApiProcess];
    const call = (api: ApiProcess, method: string, path: string, token?: string, body?: unknown) =>
      fetch(`${api.origin}${path}`, {
        method,
        headers: { tenant: TENANT, 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const signIn = await call(a, 'POST', '/v1/customer/login', undefined, { email: 'ada@revoke.example', password: PASSWORD });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    // B reads the session and keeps it as live.
    expect((await call(b, 'GET', `/v1/customer/${member!.id}`, token)).status).toBe(200);
    expect((await call(b, 'GET', `/v1/customer/${member!.id}`, token)).status).toBe(200);

    expect((await call(a, 'POST', '/v1/customer/logout', token)).status).toBe(204);
    const signedOut = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - signedOut < SESSION_CACHE_MS) {
      status = (await call(b, 'GET', `/v1/customer/${member!.id}`, token)).status;
      if (status === 200) await sleep(20);
    }
    expect(status).toBe(401);
    // Pub/sub delivers in milliseconds; the cache's own bound is five seconds.
    expect(performance.now() - signedOut).toBeLessThan(1_000);
  });
});
