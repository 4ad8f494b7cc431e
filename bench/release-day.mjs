// `npm run bench:release-day`: release day on a PostgreSQL server with Redis. Creates a fresh
// database, starts the built API (apps/api/dist/server.js; it builds nothing, build first) on it,
// seeds N members with allocations in one offering whose stock covers 60 % of what they ask for
// (beside another producer's 5,000 past orders, so that `orders` is planned as a table in service),
// then measures, side by side in one run:
//
//   1. the whole journey by password: sign in, allocation list and detail, cart, order;
//   2. the whole journey by allocation link, the invitation's default path: the link signs in
//      (no password hash), then allocation, cart, order;
//   3. a sign-in storm: the p99 of an allocation read while 500 members sign in at once, against
//      its p99 at rest, with password hashing on Node's shared threadpool (as before issue 16,
//      PASSWORD_HASH_THREADS=0) and on the API's own hashing threads (the default);
//   4. the order step alone with 1 API instance, 2 instances (two processes on two ports, this
//      script spreading the requests as a load balancer would) and, when the API has it, one
//      server with WEB_CONCURRENCY=2, and 1 and 2 instances each held to a quarter of a core (--cap),
//      each against the bare SQL of the stock transaction on the
//      same database: every instance and the SQL's pool warmed up first (unmeasured), then
//      interleaved rounds (API, SQL; SQL, API; …), reported as the median of the rounds' ratios
//      with their range; then, across the two instances, a double submission sent to both at
//      once, the per-IP ceiling shared through Redis and the sign-in limit shared through PostgreSQL;
//   5. the hottest stock row (a bottle taken from one row by every transaction, against the same
//      over four rows);
//   6. a fair release (issue 17), when the API has the waiting room and holds: members join a
//      waiting room before the opening, are admitted in the room's order at a rate that takes
//      about 30 s, hold their selection, then order, release or let the hold expire; fewer
//      bottles than demand; the Spearman correlation between arrival and admission;
//
// and, for docs/scaling.md, what the release leaves in the database per table and how long an
// invitation e-mail takes to render.
//
// Every member comes from an address of their own (X-Forwarded-For, TRUST_PROXY=true), so the
// API's own limits stay at their defaults. After each run of orders, SQL checks that nothing was
// oversold, no member went over a maximum and nothing was charged twice. Each section prints the
// machine's load and where the CPU went; the figures go to docs/performance.md (between its
// release-day markers; a shorter run between its release-day-short markers). About eight minutes.
// BENCH_STORM_TIMELINE=1 also prints the slowest read of each second of each storm.
//
//   DATABASE_URL     a server to create the bench database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   REDIS_URL        Redis for the instances' shared counters (default redis://127.0.0.1:6379)
//   --members=N      members (default 2000; --members=500 is the quick run)
//   --password-members=P  of them, how many take the journey by password (default half, at most 500:
//                    each sign-in is a memory-hard hash, and the storm measures sign-ins on its own)
//   --storm=S        sign-ins at once in the storm (default 500, at most N)
//   --concurrency=C  requests in flight (default 200)          --stock=R  stock as a share of demand (0.6)
//   --sql-pool=P     connections for the bare SQL (default 10, as one API's pool)
//   --rest=T         seconds of allocation reads at rest around each storm, half before, half after (default 12)
//   --storm-modes=0,default  the storm's runs: PASSWORD_HASH_THREADS values (0 = Node's threadpool, as
//                    before issue 16), `default` = the API as it starts without the setting
//   --cap=S          also run the order step with 1 and 2 instances each held to S of a core (Linux
//                    cgroup CPU quota, as root; default 0.1, 0 = off), so what an instance adds shows:
//                    the cap must leave the API the limit (two capped instances' orders need less
//                    than PostgreSQL and the load generator can serve on this machine's two cores)
//   --rounds=R       the order step's measured rounds, each beside a bare SQL run (default 5)
//   --warm-up=W      orders each instance and the SQL's pool serve unmeasured first (default 600)
//   --one-instance   the order step with 1 instance only (against the bare SQL): a quicker run to
//                    compare two builds; the checks across instances are then left out
//   --fair-members=F members in the fair release's waiting room (default 500, at most N)
//   --fair-join=S    seconds before the opening in which they arrive (default 15)
//   --only=a,b       run only these sections (journey, link, storm, orders, sql, fair); implies --no-write
//   BENCH_STALE_OK=1 measure the build as it is even when sources are newer (others editing the checkout)
//   --no-write       print only, leave docs/performance.md alone
//   BENCH_KEEP_LOGS=1  keep the instances' logs (api-<name>.log in a temporary folder, printed at the end)
//   BENCH_KEEP_DB=1  keep the bench's database afterwards, to look into it (drop it yourself)
//   BENCH_CPU_PROF=<folder>  each API instance writes V8 CPU profiles in <folder>/<name> when it stops (node --cpu-prof)
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { apiClient, builtApiKnows, lastLines, memberIp, requireFreshBuild, startApi } from './lib/api-process.mjs';
import { arg, fail, root } from './lib/in-process-api.mjs';
import { machineLine, median, ms, pool, rate, sleep, summary, watchDatabaseCpu, watchMachine } from './lib/measure.mjs';
import { startReadLoop } from './lib/read-loop.mjs';
import { cpuCapSupport } from './lib/cpu-cap.mjs';
import { runFairRelease } from './lib/fair-release.mjs';
import { checkDatabase, issueAllocationLinks, NEIGHBOUR_MEMBERS, NEIGHBOUR_ORDERS, PASSWORD, restock, seedDatabase, TENANT } from './lib/release-day-data.mjs';

const DEFAULT_MEMBERS = 2000;
const MEMBERS = Number(arg('members', DEFAULT_MEMBERS));
const PASSWORD_MEMBERS = Number(arg('password-members', Math.min(500, Math.ceil(MEMBERS / 2))));
const STORM = Number(arg('storm', Math.min(500, MEMBERS)));
const CONCURRENCY = Number(arg('concurrency', 200));
const STOCK_SHARE = Number(arg('stock', 0.6));
const SQL_POOL = Number(arg('sql-pool', 10));
const SECTIONS = ['journey', 'link', 'storm', 'orders', 'sql', 'fair'];
const ONLY = arg('only', null)?.split(',').map((s) => s.trim()) ?? null;
const WRITE = !process.argv.includes('--no-write') && ONLY === null;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Members whose order is also sent a second time at once (a double click), to check idempotency under load. */
const DOUBLE_SUBMIT_EVERY = 20;
/** The API's per-IP ceiling (its default): each member comes from an address of their own. */
const RATE_LIMIT_MAX = 600;
/** The allocation reads of the storm: this many a second, whatever the answers' speed (an open loop). */
const READS_PER_SECOND = 40;
const REST_MS = Number(arg('rest', 12)) * 1000;
/** The storm's runs: PASSWORD_HASH_THREADS values, `default` for the API as configured (its instance A). */
const STORM_MODES = arg('storm-modes', '0,default').split(',').map((m) => m.trim());
const STORM_TARGET = 3;
/** The fair release: members in its waiting room, and the seconds before the opening in which they arrive. */
const FAIR_MEMBERS = Number(arg('fair-members', Math.min(500, MEMBERS)));
const FAIR_JOIN_SECONDS = Number(arg('fair-join', 15));
/** Its admission rate: every member through in about this many seconds after the opening. */
const FAIR_ADMISSION_SECONDS = 30;
const FAIR_HOLD_MINUTES = 10;
/**
 * The order step again with each instance held to this share of one core (a Linux cgroup's CPU
 * quota, as a container's limit): 1 such instance against 2, so what a second instance adds shows
 * even where one uncapped instance, PostgreSQL and the load generator already fill the machine.
 */
const CAP = Number(arg('cap', 0.1));
/** The order step's measured rounds, each beside a bare SQL run of the same orders. */
const ROUNDS = Number(arg('rounds', 5));
/** Orders each instance and the bare SQL's pool serve before the measured rounds (not reported). */
const WARM_UP = Number(arg('warm-up', 600));
/** Only the order step's 1-instance configuration: a quicker before/after of two builds. */
const ONE_INSTANCE = process.argv.includes('--one-instance');

for (const [name, value] of Object.entries({ members: MEMBERS, 'password-members': PASSWORD_MEMBERS, storm: STORM, concurrency: CONCURRENCY, 'sql-pool': SQL_POOL, rounds: ROUNDS, 'warm-up': WARM_UP, 'fair-members': FAIR_MEMBERS, 'fair-join': FAIR_JOIN_SECONDS })) {
  if (!Number.isInteger(value) || value < 1) fail(`--${name} must be a whole number above 0.`);
}
if (PASSWORD_MEMBERS > MEMBERS || STORM > MEMBERS || FAIR_MEMBERS > MEMBERS) fail('--password-members, --storm and --fair-members cannot be more than --members.');
if (FAIR_MEMBERS < 20) fail('--fair-members must be at least 20.');
if (MEMBERS < 60) fail('--members must be at least 60 (the storm reads as 50 of them).');
if (!(STOCK_SHARE > 0 && STOCK_SHARE <= 1)) fail('--stock must be a share between 0 and 1, e.g. 0.6.');
if (!(CAP >= 0 && CAP <= 4)) fail('--cap must be a share of one core between 0 (off) and 4, e.g. 0.1.');
if (!(REST_MS >= 2000)) fail('--rest must be at least 2 (seconds).');
if (STORM_MODES.some((mode) => mode !== 'default' && !/^\d+$/.test(mode))) fail('--storm-modes takes PASSWORD_HASH_THREADS values (0, 1, 2, …) and `default`, comma-separated.');
if (ONLY && ONLY.some((s) => !SECTIONS.includes(s))) fail(`--only takes some of ${SECTIONS.join(', ')}.`);
const runs = (section) => ONLY === null || ONLY.includes(section);

requireFreshBuild();
const CLUSTER = builtApiKnows('WEB_CONCURRENCY');
const HASH_THREADS_SETTING = builtApiKnows('PASSWORD_HASH_THREADS');
/** The waiting room and holds of issue 17, when the built API has them. */
const FAIR_RELEASE = ['waiting-room', 'holds'].every((module) => existsSync(join(root, 'apps/api/dist/modules', module)));

/* --------------------------------------------------------------------- database, Redis, instances */

const benchDb = `winery_bench_${Date.now().toString(36)}`;
const benchUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${benchDb}`;
  return url.toString();
})();
const admin = new pg.Client({ connectionString: ADMIN_URL });
try {
  await admin.connect();
} catch (error) {
  fail(`Cannot reach PostgreSQL at ${ADMIN_URL.replace(/:[^:@/]*@/, ':***@')}: ${error.message}. Set DATABASE_URL to a server this user may create databases on.`);
}
const serverVersion = (await admin.query('show server_version')).rows[0].server_version;
await admin.query(`create database "${benchDb}"`);
await admin.end();
const redisVersion = await redisInfo(REDIS_URL);
if (!redisVersion) fail(`Cannot reach Redis at ${REDIS_URL}: the instances share their counters there. Set REDIS_URL.`);

const work = mkdtempSync(join(tmpdir(), 'winery-bench-'));
// Every instance signs and accepts the same tokens and knows cards by the same key, as machines
// behind a load balancer do. Each starts with a DATA_DIR of its own, so none finds at its start the
// card holds of orders an earlier section deleted (its sweep would void them all, ADR 013).
const tokenKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const fingerprintKey = builtApiKnows('TEST_GATEWAY_FINGERPRINT_KEY') ? { TEST_GATEWAY_FINGERPRINT_KEY: randomBytes(32).toString('base64url') } : {};
const instanceEnv = (name, extra = {}) => ({
  DATABASE_URL: benchUrl,
  REDIS_URL,
  TOKEN_PRIVATE_KEY: tokenKey,
  ...fingerprintKey,
  SEED_DEMO: 'false',
  DATA_DIR: mkdtempSync(join(work, `data-${name}-`)),
  WEB_ROOT: join(work, 'no-web'),
  PAYMENT_GATEWAY: 'test',
  TRUST_PROXY: 'true',
  RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  NODE_ENV: 'production',
  WEB_CONCURRENCY: '1',
  ...extra,
});
const running = new Set();
/** Closed at the end, before the database is dropped. */
const cleanUps = [];
let db;

async function cleanUp() {
  await Promise.all([...running].map((api) => api.stop()));
  for (const close of cleanUps) await Promise.resolve(close()).catch(() => undefined);
  await db?.end().catch(() => undefined);
  const dropper = new pg.Client({ connectionString: ADMIN_URL });
  await dropper.connect();
  if (process.env.BENCH_KEEP_DB) console.log(`[bench] the database ${benchDb} is kept`);
  else await dropper.query(`drop database if exists "${benchDb}" with (force)`);
  await dropper.end();
  if (process.env.BENCH_KEEP_LOGS) console.log(`[bench] the instances' logs are kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

try {
  await main();
} catch (error) {
  console.error('[bench] failed:', error);
  for (const api of running) console.error(`--- last lines of the API "${api.name}" log ---\n${lastLines(api.logPath)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

async function start(name, extra, cpuShare) {
  const api = await startApi({ name, env: instanceEnv(name, extra), logDir: work, cpuShare });
  running.add(api);
  return api;
}
async function stop(api) {
  await api.stop();
  running.delete(api);
}

/** The Redis server's version, or null when it does not answer (a bare RESP exchange, no client library). */
async function redisInfo(url) {
  const { createConnection } = await import('node:net');
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    let text = '';
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(null);
    });
    socket.on('error', () => resolve(null));
    socket.on('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (chunk) => {
      text += chunk;
      const version = /redis_version:([^\r\n]+)/.exec(text);
      if (version) {
        socket.end();
        resolve(version[1]);
      }
    });
  });
}

/* --------------------------------------------------------------------- the run */

async function main() {
  const call = apiClient(TENANT);
  // The first instance migrates the database; it serves both journeys. Every later section starts its own.
  const a = await start('A');
  console.log(`[bench] database ${benchDb} on PostgreSQL ${serverVersion}, Redis ${redisVersion}; API A on ${a.origin}`);
  console.log(`[bench] machine: ${machineLine()}`);
  db = new pg.Pool({ connectionString: benchUrl, max: SQL_POOL });
  // Dropping the database at the end ends its connections; an idle one saying so is no failure.
  db.on('error', () => undefined);
  const seedStart = performance.now();
  const seed = await seedDatabase(db, { members: MEMBERS });
  console.log(`[bench] seeded ${MEMBERS} members and ${seed.wines.length} wines in ${ms(performance.now() - seedStart)}`);
  const report = { date: new Date().toISOString().slice(0, 10), serverVersion, redisVersion, seed, sections: {} };
  // Where the CPU went: the machine, the API's processes, and PostgreSQL's backends of this bench's
  // own database (read through a connection to another database, so it does not count itself).
  const adminPool = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
  adminPool.on('error', () => undefined);
  cleanUps.push(() => adminPool.end());
  const watch = async (pids) => {
    const machine = watchMachine(() => pids.map((api) => api.pid));
    const database = await watchDatabaseCpu(adminPool, benchDb);
    return {
      load: machine.load,
      async done() {
        const figures = machine.done();
        const own = await database.done();
        return { ...figures, databaseCpuSeconds: own.seconds };
      },
    };
  };
  const say = (text, watcher) => console.log(`[bench] ${text} (load average ${watcher.load.toFixed(1)})…`);

  const orderBody = (member, cartId) => ({
    cartId,
    delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: member.addressId },
    billingAddressId: member.addressId,
    payment: { cardId: member.cardId },
    idempotencyKey: randomUUID(),
  });
  const baseOf = (member) => `/v1/${TENANT}/customer/${member.customerId}`;
  const isSoldOut = (response) => response.status === 409 && response.body?.errors?.[0]?.code === 'soldOut';
  const errorKind = (step, response) => `${step} ${response.status} ${response.body?.errors?.[0]?.code ?? response.body?.type ?? ''}`.trim();

  /**
   * A journey's tally: orders placed, sold out, errors by kind, double submissions answered with
   * one order; and the timings of each step.
   */
  const newTally = (stepNames) => ({
    placed: 0,
    soldOut: 0,
    errors: 0,
    errorKinds: new Map(),
    doubles: { sent: 0, consistent: 0 },
    steps: Object.fromEntries(stepNames.map((name) => [name, []])),
  });
  const noteError = (tally, step, response) => {
    tally.errors += 1;
    const kind = errorKind(step, response);
    tally.errorKinds.set(kind, (tally.errorKinds.get(kind) ?? 0) + 1);
  };

  /** Places a member's order; every 20th also sends it a second time at once, to `second` when given (another instance). */
  async function placeOrder(tally, member, index, session, origin, second = origin) {
    const body = orderBody(member, session.cartId);
    const path = `${baseOf(member)}/order`;
    const ip = memberIp(member.n);
    let winner;
    if (index % DOUBLE_SUBMIT_EVERY === 0) {
      // A double click: the same submission twice at once must make one order.
      const [first, again] = await Promise.all([call(origin, 'POST', path, { token: session.token, body, ip }), call(second, 'POST', path, { token: session.token, body, ip })]);
      tally.steps.order.push(first.ms, again.ms);
      tally.doubles.sent += 1;
      const statuses = [first.status, again.status].sort().join(',');
      if ((statuses === '200,201' && first.body.id === again.body.id) || (isSoldOut(first) && isSoldOut(again))) tally.doubles.consistent += 1;
      winner = first.status === 201 ? first : again.status === 201 ? again : first;
    } else {
      winner = await call(origin, 'POST', path, { token: session.token, body, ip });
      tally.steps.order.push(winner.ms);
    }
    if (winner.status === 201) tally.placed += 1;
    else if (isSoldOut(winner)) tally.soldOut += 1;
    else {
      noteError(tally, 'order', winner);
      return false;
    }
    return true;
  }

  /** Saves each member's cart again (placing an order deletes it), untimed, through `origin`. */
  async function saveCarts(members, sessions, origin) {
    let failed = 0;
    await pool(members, 50, async (member) => {
      const session = sessions.get(member.n);
      const cart = await call(origin, 'PUT', `${baseOf(member)}/cart`, { token: session.token, body: { allocationId: member.allocationId, lines: member.lines }, ip: memberIp(member.n) });
      if (cart.status !== 200) failed += 1;
      else session.cartId = cart.body.id;
    });
    if (failed > 0) throw new Error(`${failed} carts could not be saved before the order step`);
  }

  /** Sessions of the members, by member number, from whichever journey signed them in. */
  const sessions = new Map();

  /* ------------------------------------------------------------- 1. the whole journey by password */
  if (runs('journey')) {
    const members = seed.members.slice(0, PASSWORD_MEMBERS);
    const { stock } = await restock(db, seed, members, STOCK_SHARE);
    const tally = newTally(['signIn', 'allocationList', 'allocationDetail', 'cart', 'order', 'journey']);
    const watcher = await watch([a]);
    say(`1/6 journey by password: ${members.length} members, ${CONCURRENCY} in flight`, watcher);
    const started = performance.now();
    await pool(members, CONCURRENCY, async (member, index) => {
      const began = performance.now();
      const ip = memberIp(member.n);
      const signIn = await call(a.origin, 'POST', '/v1/customer/login', { body: { email: member.email, password: PASSWORD }, ip });
      tally.steps.signIn.push(signIn.ms);
      if (signIn.status !== 200) return noteError(tally, 'signIn', signIn);
      const session = { token: signIn.body.token };
      const list = await call(a.origin, 'GET', `${baseOf(member)}/allocation`, { token: session.token, ip });
      tally.steps.allocationList.push(list.ms);
      if (list.status !== 200 || !list.body[0]) return noteError(tally, 'allocationList', list);
      const detail = await call(a.origin, 'GET', `${baseOf(member)}/allocation/${list.body[0].id}`, { token: session.token, ip });
      tally.steps.allocationDetail.push(detail.ms);
      if (detail.status !== 200) return noteError(tally, 'allocationDetail', detail);
      const cart = await call(a.origin, 'PUT', `${baseOf(member)}/cart`, { token: session.token, body: { allocationId: list.body[0].id, lines: member.lines }, ip });
      tally.steps.cart.push(cart.ms);
      if (cart.status !== 200) return noteError(tally, 'cart', cart);
      session.cartId = cart.body.id;
      sessions.set(member.n, session);
      if (await placeOrder(tally, member, index, session, a.origin)) tally.steps.journey.push(performance.now() - began);
    });
    const elapsed = performance.now() - started;
    const machine = await watcher.done();
    report.sections.journey = { members: members.length, ms: elapsed, tally, machine, checks: await checkDatabase(db, seed, stock, tally.placed) };
  }

  /* ------------------------------------------------------------- 2. the whole journey by allocation link */
  {
    // The storm and the order steps need every member signed in: by link, as the invitation leads.
    const members = seed.members;
    const { stock } = await restock(db, seed, members, STOCK_SHARE);
    const links = await issueAllocationLinks(db, seed, members);
    const tally = newTally(['link', 'allocationDetail', 'cart', 'order', 'journey']);
    const measured = runs('link');
    const watcher = await watch([a]);
    say(`2/6 journey by allocation link: ${members.length} members, ${CONCURRENCY} in flight${measured ? '' : ' (to sign them in; not reported)'}`, watcher);
    const started = performance.now();
    await pool(members, CONCURRENCY, async (member, index) => {
      const began = performance.now();
      const ip = memberIp(member.n);
      const exchange = await call(a.origin, 'POST', '/v1/customer/link/exchange', { body: { token: links[index], purpose: 'allocation' }, ip });
      tally.steps.link.push(exchange.ms);
      if (exchange.status !== 200 || exchange.body.allocationId !== member.allocationId) return noteError(tally, 'link', exchange);
      const session = { token: exchange.body.token };
      const detail = await call(a.origin, 'GET', `${baseOf(member)}/allocation/${exchange.body.allocationId}`, { token: session.token, ip });
      tally.steps.allocationDetail.push(detail.ms);
      if (detail.status !== 200) return noteError(tally, 'allocationDetail', detail);
      const cart = await call(a.origin, 'PUT', `${baseOf(member)}/cart`, { token: session.token, body: { allocationId: member.allocationId, lines: member.lines }, ip });
      tally.steps.cart.push(cart.ms);
      if (cart.status !== 200) return noteError(tally, 'cart', cart);
      session.cartId = cart.body.id;
      sessions.set(member.n, session);
      if (await placeOrder(tally, member, index, session, a.origin)) tally.steps.journey.push(performance.now() - began);
    });
    const elapsed = performance.now() - started;
    const machine = await watcher.done();
    if (measured) report.sections.link = { members: members.length, ms: elapsed, tally, machine, checks: await checkDatabase(db, seed, stock, tally.placed) };
    // What a release leaves in the database, per table: for docs/scaling.md's arithmetic.
    report.tables = await tableSizes(db);
    report.mail = await mailRendering();
    if (sessions.size < members.length) throw new Error(`only ${sessions.size} of ${members.length} members could sign in by link: ${[...tally.errorKinds].map(([k, n]) => `${k}: ${n}`).join('; ')}`);
    await stop(a);
  }

  /* ------------------------------------------------------------- 3. the sign-in storm */
  if (runs('storm')) {
    const readers = seed.members.slice(0, 50);
    const stormers = seed.members.slice(-STORM);
    const reads = readers.map((member) => ({ path: `${baseOf(member)}/allocation/${member.allocationId}`, token: sessions.get(member.n).token }));
    /** Allocation reads at READS_PER_SECOND from their own thread, for `ms` or until `until` settles. */
    const readDuring = async (api, until) => {
      const loop = startReadLoop({ origin: api.origin, tenant: TENANT, reads, perSecond: READS_PER_SECOND });
      let result;
      try {
        await until;
      } finally {
        // Stopped whatever happened, or its thread would keep the bench from ending.
        result = await loop.stop();
      }
      return result;
    };
    async function storm(api, label) {
      // Warm the instance up, then read at rest, then with every stormer signing in at once.
      await readDuring(api, sleep(1000));
      const watcher = await watch([api]);
      say(`3/6 sign-in storm, ${label}: reads at rest for ${REST_MS / 2000} s, then ${stormers.length} sign-ins at once, then at rest again`, watcher);
      const restBefore = await readDuring(api, sleep(REST_MS / 2));
      const signIns = [];
      let signInErrors = 0;
      const stormStart = performance.now();
      const signingIn = Promise.all(
        stormers.map(async (member) => {
          const response = await call(api.origin, 'POST', '/v1/customer/login', { body: { email: member.email, password: PASSWORD }, ip: memberIp(member.n) }).catch(() => ({ status: 0 }));
          if (response.status === 200) signIns.push(response.ms);
          else signInErrors += 1;
        }),
      );
      const during = await readDuring(api, signingIn);
      const stormMs = performance.now() - stormStart;
      const machine = await watcher.done();
      // At rest after the storm too: the machine's other work then weighs on both sides alike.
      const restAfter = await readDuring(api, sleep(REST_MS / 2));
      const rest = { latencies: [...restBefore.latencies, ...restAfter.latencies], failures: [...restBefore.failures, ...restAfter.failures] };
      if (process.env.BENCH_STORM_TIMELINE) {
        const slowest = new Map();
        for (const [sent, took] of during.timeline) slowest.set(Math.floor(sent / 1000), Math.max(slowest.get(Math.floor(sent / 1000)) ?? 0, took));
        console.log(`[bench] slowest read sent in each second of the storm: ${[...slowest].map(([second, took]) => `${second}s ${took}`).join(', ')}`);
      }
      return { label, rest: summary(rest.latencies), during: summary(during.latencies), readFailures: rest.failures.length + during.failures.length, signIn: summary(signIns), signInErrors, stormMs, machine };
    }
    const results = [];
    if (HASH_THREADS_SETTING) {
      for (const mode of STORM_MODES) {
        const api = await start(`storm-${mode}`, mode === 'default' ? {} : { PASSWORD_HASH_THREADS: mode });
        const label =
          mode === 'default'
            ? "after: the API's own hashing threads (default: one per core but one, at lower priority)"
            : mode === '0'
              ? "before: hashes on Node's shared threadpool (PASSWORD_HASH_THREADS=0)"
              : `PASSWORD_HASH_THREADS=${mode}`;
        results.push(await storm(api, label));
        await stop(api);
      }
    } else {
      const api = await start('storm');
      results.push(await storm(api, 'the built API (it has no PASSWORD_HASH_THREADS)'));
      await stop(api);
    }
    report.sections.storm = { results, stormers: stormers.length };
  }

  /* ------------------------------------------------------------- 4. the order step against the bare SQL, in interleaved rounds */
  const ready = seed.members.filter((member) => sessions.has(member.n));

  /**
   * The mail worker sends the receipts of a run after it: waited for before the next timed run, so
   * no run pays for the one before (at most 60 s; what is still queued then is said).
   */
  async function quietMail() {
    for (let tries = 0; tries < 600; tries += 1) {
      const { n } = (await db.query(`select count(*)::int as n from mail_queue where status = 'queued'`)).rows[0];
      if (n === 0) return;
      await sleep(100);
    }
    console.warn('[bench] receipts still queued after 60 s; measuring anyway');
  }

  /** One run of the members' orders through `origins` (round robin), after a restock and fresh carts; `warmUp` runs are not reported. */
  async function orderStep(config, members, what) {
    const { stock } = await restock(db, seed, members, STOCK_SHARE);
    await saveCarts(members, sessions, config.origins[0]);
    await quietMail();
    const tally = newTally(['order']);
    const watcher = await watch(config.apis);
    say(`4/6 order step, ${what}, ${config.label}: ${members.length} orders, ${CONCURRENCY} in flight`, watcher);
    const started = performance.now();
    await pool(members, CONCURRENCY, async (member, index) => {
      const session = sessions.get(member.n);
      const response = await call(config.origins[index % config.origins.length], 'POST', `${baseOf(member)}/order`, { token: session.token, body: orderBody(member, session.cartId), ip: memberIp(member.n) });
      tally.steps.order.push(response.ms);
      if (response.status === 201) tally.placed += 1;
      else if (isSoldOut(response)) tally.soldOut += 1;
      else noteError(tally, 'order', response);
    });
    const elapsed = performance.now() - started;
    const machine = await watcher.done();
    return { ms: elapsed, tally, decided: tally.placed + tally.soldOut, summary: summary(tally.steps.order), machine, checks: await checkDatabase(db, seed, stock, tally.placed) };
  }

  /**
   * One run of the bare SQL of the same orders on the same database: BEGIN; one conditional UPDATE
   * per wine; INSERT the order and its lines; COMMIT — over pg, SQL_POOL connections.
   */
  async function bareSql(members, what) {
    const { stock } = await restock(db, seed, members, STOCK_SHARE);
    await quietMail();
    const bare = { placed: 0, soldOut: 0, errors: 0, latencies: [] };
    const watcher = await watch([]);
    say(`5/6 bare SQL, ${what}: ${members.length} transactions, ${CONCURRENCY} in flight on ${SQL_POOL} connections`, watcher);
    const started = performance.now();
    await pool(members, CONCURRENCY, async (member, index) => {
      const began = performance.now();
      const client = await db.connect();
      try {
        await client.query('begin');
        let soldOut = false;
        for (const line of member.lines) {
          const taken = await client.query('update stock set quantity = quantity - $1 where offering_wine_id = $2 and location_id = $3 and quantity >= $1', [line.quantity, line.wineId, seed.cellarId]);
          if (taken.rowCount === 0) {
            soldOut = true;
            break;
          }
        }
        if (soldOut) {
          await client.query('rollback');
          bare.soldOut += 1;
        } else {
          const subtotal = member.lines.reduce((sum, line) => sum + line.quantity * seed.priceOf.get(line.wineId), 0);
          const order = await client.query(
            `insert into orders (tenant_id, customer_id, allocation_id, number, status, subtotal_cents, shipping_cents, tax_cents, total_cents,
               delivery_method, card_brand, card_last4, authorization_id, idempotency_key)
             values ($1, $2, $3, $4, 'pending', $5, 4500, $6, $7, 'shipping', 'visa', '4242', $8, $9) returning id`,
            [TENANT, member.customerId, member.allocationId, `AE-${90_000_000 + index}`, subtotal, Math.round(subtotal * 0.0725), subtotal + 4500 + Math.round(subtotal * 0.0725), `auth_sql_${index}`, randomUUID()],
          );
          await client.query(
            `insert into order_lines (tenant_id, order_id, offering_wine_id, location_id, name, vintage, size_ml, quantity, unit_price_cents)
             select $1, $2, w, $3, 'Bench wine', 2021, 750, q, p from unnest($4::uuid[], $5::int[], $6::int[]) as t(w, q, p)`,
            [TENANT, order.rows[0].id, seed.cellarId, member.lines.map((l) => l.wineId), member.lines.map((l) => l.quantity), member.lines.map((l) => seed.priceOf.get(l.wineId))],
          );
          await client.query('commit');
          bare.placed += 1;
        }
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        bare.errors += 1;
        if (bare.errors === 1) console.error('[bench] bare SQL error:', error.message);
      } finally {
        client.release();
      }
      bare.latencies.push(performance.now() - began);
    });
    const elapsed = performance.now() - started;
    const machine = await watcher.done();
    return { ms: elapsed, ...bare, decided: bare.placed + bare.soldOut, summary: summary(bare.latencies), machine, checks: await checkDatabase(db, seed, stock, bare.placed, { bare: true }) };
  }

  if (runs('orders')) {
    // Every configuration's instances run for the whole step, but only one configuration takes
    // orders at a time. An instance's mail worker looks for mail on a timer (every 5 s) and sends
    // whatever is queued, so an instance idle in this round would send the receipts of the
    // instance that is measured, on the same two cores, while it is measured (in a deployment,
    // every instance takes orders, and each gives way while it is busy, ADR 026). Here an instance
    // sends only after orders of its own (the kick of each enqueue): the timer is set to an hour.
    const orderEnv = { MAIL_WORKER_INTERVAL_MS: String(60 * 60_000) };
    const a = await start('orders-A', orderEnv);
    const b = ONE_INSTANCE ? null : await start('orders-B', orderEnv);
    const c = CLUSTER && !ONE_INSTANCE ? await start('cluster', { ...orderEnv, WEB_CONCURRENCY: '2' }) : null;
    const capping = ONE_INSTANCE ? { ok: false, why: '--one-instance' } : CAP > 0 ? cpuCapSupport() : { ok: false, why: '--cap=0' };
    const capped = capping.ok ? [await start('capped-A', orderEnv, CAP), await start('capped-B', orderEnv, CAP)] : [];
    const cappedLabel = `1 instance held to ${CAP} of a core`;
    const configs = [
      { label: '1 instance', origins: [a.origin], apis: [a] },
      ...(b ? [{ label: '2 instances (two processes, requests spread in turn)', origins: [a.origin, b.origin], apis: [a, b] }] : []),
      ...(c ? [{ label: '1 server with WEB_CONCURRENCY=2', origins: [c.origin], apis: [c] }] : []),
      ...(capped.length
        ? [
            { label: cappedLabel, origins: [capped[0].origin], apis: [capped[0]] },
            { label: `2 instances, each held to ${CAP} of a core`, origins: capped.map((x) => x.origin), apis: capped, base: cappedLabel },
          ]
        : []),
    ];
    if (!capping.ok) console.log(`[bench] no CPU-capped instances: ${capping.why}`);
    // Warm-up, unreported: every instance (and the bare SQL's pool alike) serves a run of orders
    // first, so the measured rounds meet warm processes (V8's compiler, open pools, planned functions).
    const warmMembers = ready.slice(0, Math.min(ready.length, WARM_UP));
    for (const config of configs) await orderStep(config, warmMembers, 'warm-up');
    await bareSql(warmMembers, 'warm-up');
    // Interleaved rounds: each configuration beside a bare SQL run of the same orders, the two in
    // turn (API then SQL, then SQL then API), so slow minutes of the shared machine weigh on both.
    const results = configs.map((config) => ({ label: config.label, base: config.base, capped: config.apis.some((x) => capped.includes(x)), rounds: [] }));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, config] of configs.entries()) {
        const what = `round ${round + 1}/${ROUNDS}`;
        let api;
        let sql;
        if ((round + i) % 2 === 0) {
          api = await orderStep(config, ready, what);
          sql = await bareSql(ready, what);
        } else {
          sql = await bareSql(ready, what);
          api = await orderStep(config, ready, what);
        }
        results[i].rounds.push({ api, sql });
      }
    }
    if (c) await stop(c);
    for (const x of capped) await stop(x);

    /* Across instances: the same order sent to both at once; the limits each instance keeps in shared stores. */
    const across = { checks: [] };
    if (b) {
      const members = ready.slice(0, 100);
      const { stock } = await restock(db, seed, members, 1);
      await saveCarts(members, sessions, a.origin);
      const tally = newTally(['order']);
      await pool(members, 50, (member) => placeOrder(tally, member, 0, sessions.get(member.n), a.origin, b.origin));
      across.checks.push({
        name: 'a double submission sent to both instances at once makes one order',
        ok: tally.doubles.consistent === tally.doubles.sent && tally.errors === 0,
        detail: `${tally.doubles.sent} sent to A and B at once, ${tally.doubles.consistent} answered with one order (201 and 200 with the same id)`,
      });
      for (const check of await checkDatabase(db, seed, stock, tally.placed)) across.checks.push({ ...check, name: `after it: ${check.name}` });

      // The per-IP ceiling (Redis): from one address, requests spread over both instances.
      const ip = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
      const extra = 60;
      const statuses = [];
      await pool(Array.from({ length: RATE_LIMIT_MAX + extra }, (_, i) => i), 20, async (i) => {
        const response = await call(i % 2 === 0 ? a.origin : b.origin, 'GET', '/v1/health', { ip });
        statuses.push(response.status);
      });
      const limited = statuses.filter((status) => status === 429).length;
      across.checks.push({
        name: 'the per-IP request ceiling is shared through Redis',
        ok: limited === extra && statuses.length - limited === RATE_LIMIT_MAX,
        detail: `${statuses.length} requests from one address, alternately to A and B: ${statuses.length - limited} answered, ${limited} refused (429); RATE_LIMIT_MAX ${RATE_LIMIT_MAX}`,
      });

      // Password sign-in attempts per IP (PostgreSQL): wrong passwords from one address, alternately.
      const signInIp = `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
      const answers = [];
      for (const [i, member] of seed.members.slice(0, 25).entries()) {
        const response = await call(i % 2 === 0 ? a.origin : b.origin, 'POST', '/v1/customer/login', { body: { email: member.email, password: 'not-the-password' }, ip: signInIp });
        answers.push(response.status);
      }
      const refused = answers.filter((status) => status === 429).length;
      across.checks.push({
        name: 'password sign-ins per IP are counted across instances (PostgreSQL)',
        ok: answers.slice(0, 20).every((status) => status === 401) && refused === 5,
        detail: `25 wrong passwords from one address, alternately to A and B: ${answers.filter((s) => s === 401).length} answered 401, then ${refused} refused (429); the limit is 20 per 15 minutes`,
      });
    }
    await stop(a);
    if (b) await stop(b);
    report.sections.orders = { configs: results, across, cluster: CLUSTER, warmUp: warmMembers.length, cap: capping.ok ? CAP : null, noCap: capping.ok ? null : capping.why };
  }

  /* ------------------------------------------------------------- 5. the hottest stock row */
  if (runs('sql')) {
    // The hottest stock row: a bottle taken from one wine's row by every transaction (each waits for
    // the one before to commit), against the same transactions spread over the four wines' rows.
    await restock(db, seed, [], 0);
    await db.query(`update stock set quantity = 1000000 where location_id = $1`, [seed.cellarId]);
    const hot = [];
    for (const [label, rowOf] of [
      ['every transaction on one stock row', () => seed.wines[0].id],
      [`spread over the ${seed.wines.length} wines' rows`, (i) => seed.wines[i % seed.wines.length].id],
    ]) {
      const latencies = [];
      const began = performance.now();
      await pool(ready, CONCURRENCY, async (_member, i) => {
        const started = performance.now();
        const client = await db.connect();
        try {
          await client.query('begin');
          await client.query('update stock set quantity = quantity - 1 where offering_wine_id = $1 and location_id = $2 and quantity >= 1', [rowOf(i), seed.cellarId]);
          await client.query('commit');
        } finally {
          client.release();
        }
        latencies.push(performance.now() - started);
      });
      hot.push({ label, ms: performance.now() - began, count: ready.length, summary: summary(latencies) });
    }
    report.sections.sql = { hot };
  }

  /* ------------------------------------------------------------- 6. a fair release: the waiting room and holds */
  if (runs('fair') && FAIR_RELEASE) {
    const api = await start('fair');
    const members = ready.slice(0, FAIR_MEMBERS);
    const perMinute = Math.ceil((members.length * 60) / FAIR_ADMISSION_SECONDS);
    const watcher = await watch([api]);
    say(`6/6 fair release: ${members.length} members join a waiting room in the ${FAIR_JOIN_SECONDS} s before the opening, ${perMinute} admitted a minute, then hold, order, release or let the hold expire`, watcher);
    const fair = await runFairRelease({
      db,
      call,
      origin: api.origin,
      seed,
      members,
      sessions,
      perMinute,
      holdMinutes: FAIR_HOLD_MINUTES,
      share: STOCK_SHARE,
      joinSeconds: FAIR_JOIN_SECONDS,
      orderBody,
    });
    fair.machine = await watcher.done();
    report.sections.fair = fair;
    await stop(api);
  } else if (runs('fair')) {
    console.log('[bench] 6/6 fair release: the built API has no waiting room or holds yet; skipped');
  }

  /* ------------------------------------------------------------- report */
  const text = renderReport(report);
  console.log(`\n${text}\n`);
  const s = report.sections;
  const allChecks = [
    ...(s.journey?.checks ?? []),
    ...(s.link?.checks ?? []),
    ...(s.orders?.configs.flatMap((c) => c.rounds.flatMap((r) => [...r.api.checks, ...r.sql.checks])) ?? []),
    ...(s.orders?.across.checks ?? []),
    ...(s.fair?.checks ?? []),
  ];
  const tallies = [s.journey?.tally, s.link?.tally, ...(s.orders?.configs.flatMap((c) => c.rounds.map((r) => r.api.tally)) ?? [])].filter(Boolean);
  const stormErrors = (s.storm?.results ?? []).reduce((sum, r) => sum + r.signInErrors + r.readFailures, 0);
  const sqlErrors = (s.orders?.configs ?? []).reduce((sum, c) => sum + c.rounds.reduce((n, r) => n + r.sql.errors, 0), 0);
  if (allChecks.some((check) => !check.ok) || tallies.some((t) => t.errors > 0 || t.doubles.consistent !== t.doubles.sent) || stormErrors > 0 || sqlErrors > 0 || (s.fair?.errors ?? 0) > 0) {
    process.exitCode = 1;
    console.error('[bench] a check failed or requests errored: see above.');
  }
  if (WRITE) writeReport(text);
}

/** Milliseconds to render one invitation (allocation-link e-mail, both parts) in this process, after a warm-up. */
async function mailRendering() {
  const { renderMail } = await import(pathToFileURL(join(root, 'apps/api/dist/modules/mail/render-mail.js')).href);
  const { secretLink } = await import(pathToFileURL(join(root, 'apps/api/dist/modules/mail/templates/secret-link.js')).href);
  const brand = { name: 'Bench Estate', phone: '+1 707 555 0142', email: 'info@bench.example', postalAddress: ['1 Estate Road', 'Healdsburg, CA'] };
  const invitation = (i) => ({ kind: 'allocation-link', firstName: `Member ${i}`, url: secretLink('/allocation-link/', `token${i}`), offeringName: 'Release Day', closesOn: '2027-03-03' });
  for (let i = 0; i < 20; i += 1) await renderMail(invitation(i), { brand, publicUrl: 'https://members.example' });
  const count = 300;
  const started = performance.now();
  for (let i = 0; i < count; i += 1) await renderMail(invitation(i), { brand, publicUrl: 'https://members.example' });
  return { count, msEach: (performance.now() - started) / count };
}

/** Every table holding rows: rows, bytes with its indexes and TOAST, and the database's whole size. */
async function tableSizes(db) {
  await db.query('vacuum analyze');
  const rows = (
    await db.query(
      `select c.relname as name, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname = 'public' and c.reltuples > 0 order by bytes desc`,
    )
  ).rows.map((row) => ({ name: row.name, rows: Number(row.rows), bytes: Number(row.bytes) }));
  const database = Number((await db.query('select pg_database_size(current_database()) as bytes')).rows[0].bytes);
  return { rows, database };
}

/* --------------------------------------------------------------------- report */

function renderReport(r) {
  const s = r.sections;
  const lines = [];
  const push = (...more) => lines.push(...more);
  const row = (name, x) => `| ${name} | ${x.n} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.p99)} | ${ms(x.max)} |`;
  const pct = (n) => `${Math.round(n * 100)} %`;
  // Where the machine's CPU went: the API's processes, PostgreSQL (this database's connections, and all of it), this load generator; the rest is other work.
  const machineCell = (m, withApi = true) =>
    `load ${m.load.toFixed(1)} → ${m.loadAtEnd.toFixed(1)}; CPU ${Number.isNaN(m.busy) ? '–' : pct(m.busy)} busy of ${(m.seconds * cpus().length).toFixed(0)} core-s: ${withApi ? `API ${m.apiCpuSeconds.toFixed(1)}, ` : ''}PostgreSQL ${m.databaseCpuSeconds.toFixed(1)} for this database (${m.postgresCpuSeconds.toFixed(1)} in all), load generator ${m.benchCpuSeconds.toFixed(1)}`;
  const errorsText = (t) => `${t.errors} errors${t.errorKinds.size ? ` (${[...t.errorKinds].map(([k, n]) => `${k}: ${n}`).join('; ')})` : ''}`;
  const checkRows = (label, checks) => checks.map((c) => `| ${label} | ${c.name} | ${c.ok ? 'yes' : '**NO**'} | ${c.detail} |`);

  push(
    `Measured ${r.date} by \`npm run bench:release-day${MEMBERS === DEFAULT_MEMBERS ? '' : ` -- --members=${MEMBERS}`}\` (${MEMBERS} members, ${CONCURRENCY} requests in flight, stock ${Math.round(STOCK_SHARE * 100)} % of what the members in each run ask for): the built API (\`apps/api/dist/server.js\`, NODE_ENV production, LOG_LEVEL ${process.env.LOG_LEVEL ?? 'info'}, its default pool of database connections, TRUST_PROXY with an address per member, Redis for the shared counters), PostgreSQL ${r.serverVersion} and Redis ${r.redisVersion} with default settings, and the load generator, all on this project's machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB. Each section gives the machine's load average as it began and ended, the share of both cores in use and the CPU seconds of the API, of PostgreSQL (the backends of the bench's own database, and in brackets all of PostgreSQL's processes, other databases' work and the shared background processes included) and of the load generator: the machine is shared, so read figures beside each other, not alone.`,
    '',
    `Offering: ${r.seed.wines.length} wines; each member may take 1–3 bottles of one or two of them and orders exactly that; every ${DOUBLE_SUBMIT_EVERY}th order in the journeys is also sent a second time at once (a double click).`,
    '',
  );

  if (s.journey || s.link) {
    push('**1. The whole journey through the HTTP API**', '');
    push('| journey | members | orders placed | sold out | errors | time | orders/s | journeys/s | double submissions, one order each | machine |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const [name, j] of [['by password (sign in, list, detail, cart, order)', s.journey], ['by allocation link (link, detail, cart, order)', s.link]]) {
      if (!j) continue;
      push(`| ${name} | ${j.members} | ${j.tally.placed} | ${j.tally.soldOut} | ${j.tally.errors} | ${ms(j.ms)} | **${rate(j.tally.placed, j.ms).toFixed(1)}** | ${rate(j.members, j.ms).toFixed(1)} | ${j.tally.doubles.consistent}/${j.tally.doubles.sent} | ${machineCell(j.machine)} |`);
    }
    for (const j of [s.journey, s.link]) if (j?.tally.errors) push('', `Errors: ${errorsText(j.tally)}.`);
    // CPU the API spent per request (its threads, hashes included): what an instance's core can serve.
    const perRequest = (j) => {
      const requests = Object.entries(j.tally.steps).filter(([step]) => step !== 'journey').reduce((sum, [, list]) => sum + list.length, 0);
      return `${((j.machine.apiCpuSeconds * 1000) / requests).toFixed(1)} ms over ${requests} requests`;
    };
    push('', `API CPU per request: ${[s.journey && `by password ${perRequest(s.journey)} (the hash included)`, s.link && `by link ${perRequest(s.link)}`].filter(Boolean).join('; ')}.`);
    push('', '| step | requests | p50 | p95 | p99 | max |', '|---|---:|---:|---:|---:|---:|');
    if (s.journey) {
      const t = s.journey.tally.steps;
      push(row('password: sign in', summary(t.signIn)), row('password: allocation list', summary(t.allocationList)), row('password: allocation detail', summary(t.allocationDetail)), row('password: save cart (PUT)', summary(t.cart)), row('password: place order (POST)', summary(t.order)), row('**password: whole journey**', summary(t.journey)));
    }
    if (s.link) {
      const t = s.link.tally.steps;
      push(row('link: exchange the allocation link', summary(t.link)), row('link: allocation detail', summary(t.allocationDetail)), row('link: save cart (PUT)', summary(t.cart)), row('link: place order (POST)', summary(t.order)), row('**link: whole journey**', summary(t.journey)));
    }
    push('');
  }

  if (s.storm) {
    push(`**2. Sign-in storm**: allocation reads (GET …/allocation/{id}, ${READS_PER_SECOND} a second, sent on time whatever the answers' speed) at rest (${REST_MS / 2000} s before the storm and ${REST_MS / 2000} s after), and while ${s.storm.stormers} members sign in by password at once, on one instance`, '');
    push('| password hashing | reads at rest p50 / p99 | reads during the storm p50 / p99 (n) | **p99 ratio** (target ≤ 3×) | the storm\'s sign-ins: p50 / p99, all done in | machine during the storm |', '|---|---:|---:|---:|---:|---|');
    for (const x of s.storm.results) {
      const ratio = x.during.p99 / x.rest.p99;
      push(`| ${x.label} | ${ms(x.rest.p50)} / ${ms(x.rest.p99)} | ${ms(x.during.p50)} / ${ms(x.during.p99)} (${x.during.n}) | **${ratio.toFixed(1)}×** ${ratio <= STORM_TARGET ? '(met)' : '(not met)'} | ${ms(x.signIn.p50)} / ${ms(x.signIn.p99)}, ${ms(x.stormMs)} (${rate(x.signIn.n, x.stormMs).toFixed(1)}/s)${x.signInErrors ? `, ${x.signInErrors} failed` : ''} | ${machineCell(x.machine)} |`);
    }
    push('');
  }

  if (s.orders) {
    const rounds = s.orders.configs[0].rounds.length;
    const spread = (values, format) => `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
    const perSecond = (run) => rate(run.decided, run.ms);
    const times = (x) => `${x.toFixed(1)}×`;
    const whole = (x) => x.toFixed(0);
    push(
      `**3. The order step alone, against 4. the bare SQL, in ${rounds} interleaved rounds** (each run: stock put back, carts saved again, the mail worker's receipts of the run before sent, then every member signed in by link places the same order, ${CONCURRENCY} in flight; the bare SQL is the stock transaction of the same orders on the same database — BEGIN; one conditional UPDATE per wine; INSERT order and lines; COMMIT — over pg, ${SQL_POOL} connections). Before the rounds, each instance and the bare SQL's pool served ${s.orders.warmUp} orders unmeasured (a warm process: V8's compiler, open pools, planned functions). Every configuration's instances run throughout, and each sends only the receipts of orders it took itself, after them (its mail timer set to an hour), so an instance idle in a round never sends the measured one's receipts beside it. Each round runs a configuration and a bare SQL run beside it, in turn (API then SQL, then SQL then API); each figure below is the median of the rounds, with the lowest and highest in brackets, and each ratio is taken within its round before the median.`,
      '',
    );
    push(
      '| run | rounds | orders decided (placed / sold out / errors, last round) | **API decided/s** | bare SQL decided/s | **API vs bare SQL** (target ≥ 60 %) | vs 1 instance | API p99 | bare SQL p99 | **p99 vs bare SQL** (target ≤ 2×) | API p50 | CPU per order: API · PostgreSQL (this database) · load generator — bare SQL: PostgreSQL · its client | load |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
    );
    const first = s.orders.configs[0];
    for (const config of s.orders.configs) {
      // Each row's scaling is against 1 instance of its kind (a capped pair against 1 capped instance).
      const base = s.orders.configs.find((x) => x.label === config.base) ?? first;
      const api = config.rounds.map((r) => r.api);
      const sql = config.rounds.map((r) => r.sql);
      const last = api.at(-1);
      const ratios = config.rounds.map((r) => perSecond(r.api) / perSecond(r.sql));
      const p99s = config.rounds.map((r) => r.api.summary.p99 / r.sql.summary.p99);
      const scale = config.rounds.map((r, i) => perSecond(r.api) / perSecond(base.rounds[i].api));
      // CPU ms per order of one figure of the runs' machines, over all their orders (answered or committed).
      const apiOrders = api.reduce((sum, x) => sum + x.tally.steps.order.length, 0);
      const sqlOrders = sql.reduce((sum, x) => sum + x.latencies.length, 0);
      const msPerOrder = (runs, orders, figure) => (runs.reduce((sum, x) => sum + x.machine[figure], 0) * 1000) / orders;
      const cpuApi = msPerOrder(api, apiOrders, 'apiCpuSeconds');
      const cpuDb = msPerOrder(api, apiOrders, 'databaseCpuSeconds');
      const cpuSqlDb = msPerOrder(sql, sqlOrders, 'databaseCpuSeconds');
      // The bench's own process: the HTTP client for the API's runs, the pg client for the bare SQL's.
      const cpuLoad = msPerOrder(api, apiOrders, 'benchCpuSeconds');
      const cpuSqlClient = msPerOrder(sql, sqlOrders, 'benchCpuSeconds');
      const loads = [...api, ...sql].flatMap((x) => [x.machine.load, x.machine.loadAtEnd]);
      push(
        `| ${config.label} | ${config.rounds.length} | ${last.decided} (${last.tally.placed} / ${last.tally.soldOut} / ${last.tally.errors}) | **${spread(api.map(perSecond), whole)}** | ${spread(sql.map(perSecond), whole)} | **${spread(ratios, pct)}** | ${config === base || (config === first) || (config.capped && !config.base) ? '1.00×' : spread(scale, (x) => `${x.toFixed(2)}×`)} | ${spread(api.map((x) => x.summary.p99), ms)} | ${spread(sql.map((x) => x.summary.p99), ms)} | **${spread(p99s, times)}** | ${spread(api.map((x) => x.summary.p50), ms)} | ${cpuApi.toFixed(1)} · ${cpuDb.toFixed(1)} · ${cpuLoad.toFixed(1)} ms — ${cpuSqlDb.toFixed(1)} · ${cpuSqlClient.toFixed(1)} ms | ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} |`,
      );
    }
    const one = s.orders.configs[0];
    const throughput = median(one.rounds.map((r) => perSecond(r.api) / perSecond(r.sql)));
    const latency = median(one.rounds.map((r) => r.api.summary.p99 / r.sql.summary.p99));
    push(
      '',
      `Targets (issue 16), 1 instance against the bare SQL at the same concurrency, the median of the rounds: throughput ≥ 60 % — **${pct(throughput)}, ${throughput >= 0.6 ? 'met' : 'not met'}**; p99 ≤ 2× — **${latency.toFixed(1)}×, ${latency <= 2 ? 'met' : 'not met'}**.`,
      '',
      'Each round, 1 instance: ' +
        one.rounds
          .map((r, i) => `${i + 1}. API ${perSecond(r.api).toFixed(0)}/s, p99 ${ms(r.api.summary.p99)} · SQL ${perSecond(r.sql).toFixed(0)}/s, p99 ${ms(r.sql.summary.p99)} → ${pct(perSecond(r.api) / perSecond(r.sql))}, ${(r.api.summary.p99 / r.sql.summary.p99).toFixed(1)}× (load ${r.api.machine.load.toFixed(1)}, CPU ${pct(r.api.machine.busy)} busy)`)
          .join('; ') +
        '.',
      '',
      `CPU per order: the API's processes (their threads included) and PostgreSQL's backends of the bench's own database (its connections; not PostgreSQL's shared WAL writer, checkpointer and autovacuum, nor other databases' work). Machine-wide, PostgreSQL used ${(
        (one.rounds.reduce((sum, r) => sum + r.api.machine.postgresCpuSeconds, 0) * 1000) /
        one.rounds.reduce((sum, r) => sum + r.api.decided, 0)
      ).toFixed(1)} ms per order of the 1-instance runs, every database and process of it counted.`,
    );
    if (!s.orders.cluster) push('', 'The built API has no WEB_CONCURRENCY yet: two instances are two processes on two ports.');
    const pair = s.orders.configs.find((x) => x.base);
    if (pair) {
      const alone = s.orders.configs.find((x) => x.label === pair.base);
      const scaled = median(pair.rounds.map((r, i) => perSecond(r.api) / perSecond(alone.rounds[i].api)));
      push(
        '',
        `**More instances add capacity** (the capped rows): uncapped, one instance, PostgreSQL and the load generator already keep both cores of this machine busy, so a second instance on it has nothing to add. Held to ${s.orders.cap} of a core each (a cgroup's CPU quota, as a container's limit on machines of their own), so that the API is what limits, 2 instances decided **${scaled.toFixed(2)}×** the orders of 1 (median of the rounds), with the same checks passing across both.`,
      );
    } else if (s.orders.noCap) push('', `No CPU-capped instances in this run: ${s.orders.noCap}.`);
    for (const config of s.orders.configs) {
      const errors = config.rounds.filter((r) => r.api.tally.errors);
      if (errors.length) push('', `${config.label}: ${errors.map((r) => errorsText(r.api.tally)).join('; ')}.`);
    }
    push('');
  }
  if (s.sql?.hot) {
    push(`The hottest stock row (bare SQL: BEGIN; take one bottle; COMMIT — ${CONCURRENCY} in flight on ${SQL_POOL} connections): ${s.sql.hot.map((h) => `${h.label}, **${rate(h.count, h.ms).toFixed(0)}/s** (p50 ${ms(h.summary.p50)}, p99 ${ms(h.summary.p99)})`).join('; ')}.`, '');
  }
  if (s.fair) {
    const f = s.fair;
    const t = f.timings;
    push(
      `**6. A fair release** (issue 17): an offering with a waiting room and holds of ${f.holdMinutes} minutes; ${f.members} members join the room at random moments in the ${f.joinSeconds} s before the opening (one in ten reloads, one in twenty tries to save a cart too early); at the opening the room admits ${f.perMinute} a minute (all of them in about ${FAIR_ADMISSION_SECONDS} s), each member asking again when the page's estimate says (between 0.25 and 5 s); once through, each saves their cart and holds it, then eight in ten order, one releases the hold and one lets it expire (its expiry brought forward in SQL to 2 s, standing for the minutes passing); ${f.stock} bottles for ${f.demand} asked for.`,
      '',
      `Admitted: ${f.admittedCount} of ${f.members}, the last ${f.admissionSeconds.toFixed(1)} s after the opening. Outcomes: ${f.outcomes.ordered} ordered, ${f.outcomes.released} released their hold, ${f.outcomes.expired} let it expire, ${f.outcomes.refused} were told how many bottles are left (not enough to hold their selection)${f.outcomes.none ? `, ${f.outcomes.none} with no outcome` : ''}; ${f.errors} errors${f.errors ? ` (${[...f.errorKinds].map(([k, n]) => `${k}: ${n}`).join('; ')})` : ''}.`,
      '',
    );
    if (f.fairness) {
      const x = f.fairness;
      push(
        `**Fairness**: Spearman's rank correlation between the order of arrival (all before the opening) and the order of admission: **ρ = ${x.rho.toFixed(3)}**, 95 % interval ${x.low.toFixed(3)} to ${x.high.toFixed(3)} (n = ${x.n}). "Near 0" for ${x.n} members: a fair draw, unrelated to arrival, gives |ρ| ≤ ${x.band95.toFixed(3)} in 95 runs of 100 and ≤ ${x.band999.toFixed(3)} in 999 of 1,000 (1.96 and 3.29 over √(n − 1)); the check fails beyond the latter. First come, first served would give ρ = 1.`,
        '',
      );
    }
    push('| step | requests | p50 | p95 | p99 | max |', '|---|---:|---:|---:|---:|---:|');
    for (const [name, key] of [['join the waiting room (POST)', 'join'], ['ask again (GET)', 'poll'], ['save cart (PUT)', 'cart'], ['hold (PUT …/hold)', 'hold'], ['order with a live hold (POST)', 'order'], ['release (DELETE …/hold)', 'release']]) {
      if (t[key].n) push(row(name, t[key]));
    }
    push('', `Machine during the section: ${machineCell(f.machine)}.`, '');
  }

  if (r.tables) {
    const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
    push(
      `**5. The database after the journey by link** (${MEMBERS} members, each with an allocation, an address, a card, a session, a used allocation link; ${s.link?.tally.placed ?? 'their'} orders with their lines and receipts queued; the orders and customers tables also hold another producer's ${NEIGHBOUR_ORDERS} past orders and ${NEIGHBOUR_MEMBERS} members, counted below): ${(r.tables.database / 2 ** 20).toFixed(1)} MB in all, of which the tables below (with their indexes; small tables round up to whole pages)`,
      '',
      '| table | rows | size | per row |',
      '|---|---:|---:|---:|',
      ...r.tables.rows.filter((t) => t.rows >= MEMBERS / 4).map((t) => `| ${t.name} | ${t.rows} | ${kb(t.bytes)} | ${Math.round(t.bytes / t.rows)} B |`),
      '',
    );
  }
  if (r.mail) {
    push(`Rendering an invitation (the allocation-link e-mail, text and HTML) takes ${r.mail.msEach.toFixed(1)} ms in the load generator's process (${r.mail.count} in a row, after a warm-up).`, '');
  }

  push('| run | check | passed | detail |', '|---|---|:---:|---|');
  if (s.journey) push(...checkRows('journey by password', s.journey.checks));
  if (s.link) push(...checkRows('journey by link', s.link.checks));
  // The rounds' checks, one row per check: passed in every round, and what the last round found.
  const acrossRounds = (runs) =>
    runs[0].checks.map((check, i) => {
      const all = runs.map((run) => run.checks[i]);
      const passed = all.filter((c) => c.ok).length;
      return { name: check.name, ok: passed === all.length, detail: `${passed}/${all.length} runs; the last: ${all.at(-1).detail}` };
    });
  for (const config of s.orders?.configs ?? []) push(...checkRows(`order step, ${config.label}`, acrossRounds(config.rounds.map((r) => r.api))));
  if (s.orders) push(...checkRows('bare SQL', acrossRounds(s.orders.configs.flatMap((c) => c.rounds.map((r) => r.sql)))));
  if (s.orders) push(...checkRows('across instances A and B', s.orders.across.checks));
  if (s.fair) push(...checkRows('fair release', s.fair.checks));
  return lines.join('\n');
}

/** A full run (the default number of members) writes the release-day block; a shorter one (--members=500) its own. */
function writeReport(text) {
  const path = join(root, 'docs/performance.md');
  const name = MEMBERS === DEFAULT_MEMBERS ? 'release-day' : 'release-day-short';
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const current = readFileSync(path, 'utf8');
  const block = `${start}\n${text}\n${end}`;
  const heading = name === 'release-day' ? '## Release day (ordering under load)' : '### A shorter run';
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block)
    : `${current.trimEnd()}\n\n${heading}\n\n${block}\n`;
  writeFileSync(path, next);
  console.log('[bench] wrote docs/performance.md');
}

