import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DAY_MS } from '@winery/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDataDir } from './db/client.js';
import { mailQueue, offeringInvitations, offerings } from './db/schema/index.js';
import { assertApiBuilt, createServerDatabase, freePort, PROCESS_START_MS, SERVER_JS, waitUntilReady, type ServerDatabase } from './testing/api-process.js';
import { createFactories, TEST_PASSWORD, TEST_TENANT } from './testing/factories.js';
import { preparePgliteDataDir } from './testing/test-database.js';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.js';

/*
 * WEB_CONCURRENCY as it runs: `node dist/server.js` (the build; `npm test` builds first) started
 * with two workers on one PostgreSQL database. Everything that must happen once across instances
 * is counted where it lands: e-mail at a real SMTP server, limits in what clients are answered.
 */

const ADMIN_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const MEMBERS = 30;
const RATE_LIMIT_MAX = 30;

interface Started {
  child: ChildProcess;
  port: number;
  /** Everything the process printed so far, stdout and stderr. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node dist/server.js` with `env` only (plus PATH and HOME); resolves once `ready` matches its output. */
async function startServer(env: Record<string, string>, ready: RegExp, timeoutMs = PROCESS_START_MS): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_JS], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await waitUntilReady(child, () => ready.test(text), { output: () => text, timeoutMs });
  return { child, port, output: () => text, exited };
}

/**
 * One request on a connection of its own (no keep-alive), as separate clients make them: the
 * primary hands each new connection to the next worker.
 */
function call(port: number, method: string, path: string, options: { ip: string; token?: string; body?: unknown }) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          tenant: TEST_TENANT,
          'x-forwarded-for': options.ip,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.token ? { authorization: options.token } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const randomIp = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

/** The JSON log lines of the workers. */
const logLines = (output: string) =>
  output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as { pid: number; msg: string; [key: string]: unknown }];
    } catch {
      return [];
    }
  });

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe.skipIf(!ADMIN_URL)('WEB_CONCURRENCY=2 on a PostgreSQL server: two worker processes on one port (PostgreSQL only)', () => {
  let database: ServerDatabase;
  let sink: SmtpSink;
  let work: string;
  let server: Started;
  let workers: number[] = [];
  let offeringId: string;
  let memberEmails: string[] = [];
  let staffEmail: string;

  beforeAll(async () => {
    assertApiBuilt();
    database = await createServerDatabase(ADMIN_URL!, 'winery_cluster');
    const f = createFactories(database.db);
    await f.createTenant(TEST_TENANT, 'Acme Vineyards');
    staffEmail = (await f.createStaffUser()).email;
    // Open now, closing in two days: a reminder due once it is set to go out three days before.
    const offering = await f.createOffering({ startDate: new Date(Date.now() - DAY_MS), endDate: new Date(Date.now() + 2 * DAY_MS) });
    offeringId = offering.id;
    for (let i = 0; i < MEMBERS; i += 1) {
      const customer = await f.createCustomer({ lastName: `Member ${i}` });
      await f.createAllocation({ offeringId, customerId: customer.id });
      memberEmails.push(customer.email);
    }
    memberEmails = memberEmails.sort();
    // Each message is accepted 15 ms after it arrives: one worker alone needs well over a second
    // for them all, so the other's passes (every 100 ms) find mail to claim too.
    sink = await startSmtpSink({ delayMs: 15 });
    work = mkdtempSync(join(tmpdir(), 'winery-cluster-'));
    server = await startServer(
      {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        SEED_DEMO: 'false',
        TOKEN_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        DATA_DIR: join(work, 'data'),
        WEB_ROOT: join(work, 'no-web'),
        SMTP_URL: sink.url,
        MAIL_WORKER_INTERVAL_MS: '100',
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        TRUST_PROXY: 'true',
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        ...(REDIS_URL ? { REDIS_URL } : {}),
      },
      /Workers: +2 processes/,
    );
    workers = [...server.output().matchAll(/pids (\d+), (\d+)\)/g)].flatMap((match) => [Number(match[1]), Number(match[2])]);
  }, 240_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      for (const pid of workers) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      await server.exited;
    }
    await sink?.close();
    await database?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('starts two workers that serve one port, and prints the address and the workers once', async () => {
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server.child.pid);
    expect(workers.every(isAlive)).toBe(true);
    expect(server.output()).toContain(`Winery members site: http://localhost:${server.port}`);
    expect(server.output().match(/Winery members site/g)).toHaveLength(1);
    // The primary migrated before the workers started; they did not again.
    expect(server.output()).toMatch(/\[cluster\] starting 2 API workers on port \d+/);

    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(server.port, 'GET', '/v1/health', { ip })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    // Each connection went to a worker in turn: both answered (their request log says which).
    const served = await until('the request log of both workers', () => {
      const pids = new Set(logLines(server.output()).filter((line) => line.msg === 'request completed' && (line.req as { remoteAddress?: string })?.remoteAddress === ip).map((line) => line.pid));
      return pids.size === 2 ? [...pids].sort() : undefined;
    });
    expect(served).toEqual([...workers].sort());
  });

  it('sends each of many e-mails once while both workers send', async () => {
    const staff = await call(server.port, 'POST', '/v1/staff/login', { ip: randomIp(), body: { email: staffEmail, password: TEST_PASSWORD } });
    expect(staff.status).toBe(200);
    const invited = await call(server.port, 'POST', `/v1/staff/offerings/${offeringId}/invitations`, { ip: randomIp(), token: staff.body.token as string, body: {} });
    expect(invited.status).toBe(202);
    expect(invited.body).toEqual({ queued: MEMBERS, skipped: 0, optedOut: 0 });

    const rows = await until('every invitation sent', async () => {
      const found = await database.db.select().from(mailQueue).where(eq(mailQueue.kind, 'allocation-link'));
      return found.length === MEMBERS && found.every((row) => row.status === 'sent') ? found : undefined;
    });
    // Claimed once each (a second claim counts a second attempt), and received once each.
    expect(rows.map((row) => row.attempts)).toEqual(Array(MEMBERS).fill(1));
    const received = sink.messages.flatMap((message) => message.recipients).sort();
    expect(received).toEqual(memberEmails);
    // Both workers sent some: the pass each logs says how many.
    const sentBy = await until('the workers\' log of their passes', () => {
      const counts = new Map<number, number>();
      for (const pass of logLines(server.output()).filter((line) => line.msg === 'mail worker pass')) counts.set(pass.pid, (counts.get(pass.pid) ?? 0) + (pass.sent as number));
      return [...counts.values()].reduce((sum, n) => sum + n, 0) >= MEMBERS ? counts : undefined;
    });
    expect([...sentBy.keys()].sort()).toEqual([...workers].sort());
    expect([...sentBy.values()].reduce((sum, n) => sum + n, 0)).toBe(MEMBERS);
  });

  it('sends the scheduled reminder once to each member, with both workers ticking every 100 ms', async () => {
    const before = sink.messages.length;
    await database.db.update(offerings).set({ reminderDaysBefore: 3 }).where(eq(offerings.id, offeringId));
    const reminders = await until('every reminder sent', async () => {
      const invitations = await database.db.select({ mailId: offeringInvitations.mailId }).from(offeringInvitations).where(eq(offeringInvitations.offeringId, offeringId));
      const ids = invitations.flatMap((row) => (row.mailId ? [row.mailId] : []));
      const found = await database.db.select().from(mailQueue).where(and(inArray(mailQueue.id, ids), eq(mailQueue.kind, 'invitation-reminder')));
      return found.length >= MEMBERS && found.every((row) => row.status === 'sent') ? found : undefined;
    });
    // Several more passes of both workers: nothing more is queued or sent.
    await sleep(600);
    const [offering] = await database.db.select().from(offerings).where(eq(offerings.id, offeringId));
    expect(offering!.reminderSentAt).not.toBeNull();
    expect(reminders.map((row) => row.toAddress).sort()).toEqual(memberEmails);
    expect((await database.db.select().from(mailQueue).where(eq(mailQueue.kind, 'invitation-reminder'))).length).toBe(MEMBERS);
    expect(sink.messages.slice(before).flatMap((message) => message.recipients).sort()).toEqual(memberEmails);
  });

  it.runIf(REDIS_URL)('counts one client against the per-IP ceiling across both workers, in Redis', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 6; i += 1) statuses.push((await call(server.port, 'GET', '/v1/health', { ip })).status);
    // In each worker's memory, twice the ceiling would have got through.
    expect(statuses).toEqual([...Array(RATE_LIMIT_MAX).fill(200), ...Array(6).fill(429)]);
  });

  it('counts sign-in attempts from one address across both workers, in PostgreSQL', async () => {
    const ip = randomIp();
    // The default ceiling: 20 password sign-ins per address in 15 minutes, whoever they are for.
    // All at once, spread over both workers: each would let 20 through if it counted alone.
    const answers = await Promise.all(
      Array.from({ length: 26 }, (_, i) => call(server.port, 'POST', '/v1/customer/login', { ip, body: { email: `stranger-${i}@example.com`, password: 'Not-The-Password-1' } })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(6).fill(429)]);
    // Twenty memory-hard hashes at production cost (an unknown address is hashed too): over 30 s
    // when CI runs three suites on two cores.
  });

  it('replaces a worker that is killed, and keeps serving meanwhile', async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    const line = await until('the replacement', () => server.output().match(/\[cluster\] worker 1 \(pid (\d+)\) is serving again/) ?? undefined);
    const replacement = Number(line[1]);
    expect(server.output()).toContain(`[cluster] worker 1 (pid ${victim}) stopped (signal SIGKILL); starting another`);
    expect(replacement).not.toBe(victim);
    expect(isAlive(victim)).toBe(false);
    expect([replacement, survivor].every(isAlive)).toBe(true);
    workers = [replacement, survivor];
    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(server.port, 'GET', '/v1/health', { ip })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(4).fill(200));
  });

  it('closes gracefully on SIGTERM: each worker finishes and ends, then the primary, with exit code 0', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(workers.some(isAlive)).toBe(false);
    const closing = logLines(server.output()).filter((line) => line.msg === 'SIGTERM received, closing');
    expect(closing.map((line) => line.pid).sort()).toEqual([...workers].sort());
    expect(server.output()).toContain('[cluster] SIGTERM received, closing the workers');
  });
});

describe.skipIf(ADMIN_URL)('WEB_CONCURRENCY on the embedded database (PGlite only)', () => {
  it('says the embedded database takes one process, and serves from one', async () => {
    assertApiBuilt();
    const work = mkdtempSync(join(tmpdir(), 'winery-cluster-pglite-'));
    let server: Started | undefined;
    try {
      await preparePgliteDataDir(pgliteDataDir(work));
      server = await startServer(
        { WEB_CONCURRENCY: '3', SEED_DEMO: 'false', DATA_DIR: work, WEB_ROOT: join(work, 'no-web'), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
        /Workers: +1 process/,
      );
      expect(server.output()).toContain(
        'WEB_CONCURRENCY=3 asks for 3 API workers, but the embedded database (no DATABASE_URL) can be opened by one process only: running 1. Set DATABASE_URL to a PostgreSQL server to run several.',
      );
      expect(server.output()).toContain(`Workers:             1 process (pid ${server.child.pid}): WEB_CONCURRENCY=3 needs DATABASE_URL`);
      expect((await call(server.port, 'GET', '/v1/health', { ip: randomIp() })).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(work, { recursive: true, force: true });
    }
  });
});
