// `npm run bench:release-day`: release day on a PostgreSQL server. Creates a fresh database,
// starts the real API (apps/api/dist/server.js — run `npm run build` first) on it, seeds N members
// (default 2,000) with allocations in one offering whose stock covers 60 % of what they may order,
// then has every member sign in, read their allocation, fill the cart and place the order through
// the HTTP API, at most 200 at a time. Prints orders per second and p50/p95/p99 per step, checks in
// SQL that nothing was oversold, no member exceeded a maximum and nothing was charged twice, then
// measures the order step alone through the API and the bare SQL of the stock transaction on the
// same database, and prints the ratio. Writes the figures to docs/performance.md (between markers).
//
//   DATABASE_URL   a server to create the bench database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   --members=N    members (default 2000)          --concurrency=C  requests in flight (default 200)
//   --stock=R      stock as a share of demand (0.6) --sql-pool=P     connections for the bare SQL (default 10, as the API's pool)
//   --no-write     print only, leave docs/performance.md alone
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const MEMBERS = Number(arg('members', 2000));
const CONCURRENCY = Number(arg('concurrency', 200));
const STOCK_SHARE = Number(arg('stock', 0.6));
const SQL_POOL = Number(arg('sql-pool', 10));
const WRITE = !process.argv.includes('--no-write');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TENANT = 'bench';
const PASSWORD = 'Release-Day-Bench-2026';
/** Members whose order is also sent a second time at once (a double click), to check idempotency under load. */
const DOUBLE_SUBMIT_EVERY = 20;

for (const [name, value] of Object.entries({ members: MEMBERS, concurrency: CONCURRENCY, 'sql-pool': SQL_POOL })) {
  if (!Number.isInteger(value) || value < 1) fail(`--${name} must be a whole number above 0.`);
}
if (!(STOCK_SHARE > 0 && STOCK_SHARE <= 1)) fail('--stock must be a share between 0 and 1, e.g. 0.6.');

function fail(message) {
  console.error(`[bench] ${message}`);
  process.exit(1);
}

/* --------------------------------------------------------------------- the built API */

const serverJs = join(root, 'apps/api/dist/server.js');
const newest = (dir, keep) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path, keep));
    else if (keep(path)) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
};
if (!existsSync(serverJs)) fail('The API is not built: run `npm run build` first.');
// tsc -b rewrites only what changed, so each package's newest output must be newer than its newest source.
for (const pkg of ['packages/domain', 'apps/api']) {
  const sourceTime = newest(join(root, pkg, 'src'), (p) => p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.includes('/testing/'));
  const builtTime = existsSync(join(root, pkg, 'dist')) ? newest(join(root, pkg, 'dist'), (p) => p.endsWith('.js')) : 0;
  if (sourceTime > builtTime + 1000) fail(`${pkg}/dist is older than its sources: run \`npm run build\` first, so the bench measures this code.`);
}

/* --------------------------------------------------------------------- helpers */

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};
const ms = (value) => (Number.isNaN(value) ? '–' : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);
const rate = (count, millis) => count / (millis / 1000);

/** Runs `work(item)` for every item with at most `limit` in flight. */
async function pool(items, limit, work) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  });
  await Promise.all(workers);
}

/** The same self-describing scrypt hash the API writes (modules/auth/password.service.ts). */
function hashPassword(password) {
  const N = 2 ** 15, r = 8, p = 1;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r, p, maxmem: 256 * N * r });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/* --------------------------------------------------------------------- database and server */

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

const work = mkdtempSync(join(tmpdir(), 'winery-bench-'));
const logPath = join(work, 'api.log');
let child;
let db;

async function cleanUp() {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(5000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await db?.end().catch(() => undefined);
  const dropper = new pg.Client({ connectionString: ADMIN_URL });
  await dropper.connect();
  await dropper.query(`drop database if exists "${benchDb}" with (force)`);
  await dropper.end();
  rmSync(work, { recursive: true, force: true });
}

try {
  await main();
} catch (error) {
  console.error('[bench] failed:', error);
  if (existsSync(logPath)) console.error(`--- last lines of the API log ---\n${readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n')}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

async function main() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  console.log(`[bench] database ${benchDb} on PostgreSQL ${serverVersion}; API on ${origin}`);
  const log = openSync(logPath, 'a');
  child = spawn(process.execPath, [serverJs], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      DATABASE_URL: benchUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DATA_DIR: join(work, 'data'),
      WEB_ROOT: join(work, 'no-web'),
      PAYMENT_GATEWAY: 'test',
      // Every simulated member comes from 127.0.0.1: the per-IP ceiling would otherwise stop them.
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      NODE_ENV: 'production',
    },
  });
  child.once('exit', (code) => {
    if (code !== null && code !== 0) console.error(`[bench] the API exited with code ${code}`);
  });
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error('the API did not start');
    try {
      const response = await fetch(`${origin}/v1/health`, { headers: { tenant: TENANT } });
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (tries > 600) throw new Error('the API did not answer within 60 s');
    await sleep(100);
  }

  db = new pg.Pool({ connectionString: benchUrl, max: SQL_POOL });
  const seedStart = performance.now();
  const seed = await seedDatabase(db);
  console.log(`[bench] seeded ${MEMBERS} members, ${seed.wines.length} wines (stock ${seed.wines.map((w) => `${w.name} ${w.stock}/${w.demand}`).join(', ')}) in ${ms(performance.now() - seedStart)}`);

  /* ------------------------------------------------------------- 1. the whole journey through the API */
  const steps = { signIn: [], allocationList: [], allocationDetail: [], cart: [], order: [], journey: [] };
  const outcomes = { placed: 0, soldOut: 0, errors: 0, errorKinds: new Map() };
  const doubles = { sent: 0, consistent: 0 };
  const sessions = new Array(seed.members.length);
  const api = async (method, path, token, body) => {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { tenant: TENANT, 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, ms: performance.now() - started };
  };
  const noteError = (step, response) => {
    outcomes.errors += 1;
    const kind = `${step} ${response.status} ${response.body?.errors?.[0]?.code ?? response.body?.type ?? ''}`.trim();
    outcomes.errorKinds.set(kind, (outcomes.errorKinds.get(kind) ?? 0) + 1);
  };
  const orderBody = (member, cartId) => ({
    cartId,
    delivery: { method: 'shipping', countryCode: 'US', shippingAddressId: member.addressId },
    billingAddressId: member.addressId,
    payment: { cardId: member.cardId },
    idempotencyKey: randomUUID(),
  });
  const classify = (response) => {
    if (response.status === 201) outcomes.placed += 1;
    else if (response.status === 409 && response.body?.errors?.[0]?.code === 'soldOut') outcomes.soldOut += 1;
    else return false;
    return true;
  };

  // Other work on the machine skews every figure: the report says how busy it was.
  const loadAtStart = loadavg()[0];
  console.log(`[bench] 1/3 journey: ${MEMBERS} members, ${CONCURRENCY} in flight (load average ${loadAtStart.toFixed(1)})…`);
  const journeyStart = performance.now();
  await pool(seed.members, CONCURRENCY, async (member, index) => {
    const started = performance.now();
    const signIn = await api('POST', '/v1/customer/login', null, { email: member.email, password: PASSWORD });
    steps.signIn.push(signIn.ms);
    if (signIn.status !== 200) return noteError('signIn', signIn);
    const token = signIn.body.token;
    const customerId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
    const base = `/v1/${TENANT}/customer/${customerId}`;
    const list = await api('GET', `${base}/allocation`, token);
    steps.allocationList.push(list.ms);
    if (list.status !== 200 || !list.body[0]) return noteError('allocationList', list);
    const detail = await api('GET', `${base}/allocation/${list.body[0].id}`, token);
    steps.allocationDetail.push(detail.ms);
    if (detail.status !== 200) return noteError('allocationDetail', detail);
    const cart = await api('PUT', `${base}/cart`, token, { allocationId: list.body[0].id, lines: member.lines });
    steps.cart.push(cart.ms);
    if (cart.status !== 200) return noteError('cart', cart);
    sessions[index] = { token, base, cartId: cart.body.id };
    const body = orderBody(member, cart.body.id);
    if (index % DOUBLE_SUBMIT_EVERY === 0) {
      // A double click: the same submission twice at once must make one order.
      const [first, second] = await Promise.all([api('POST', `${base}/order`, token, body), api('POST', `${base}/order`, token, body)]);
      steps.order.push(first.ms, second.ms);
      doubles.sent += 1;
      const statuses = [first.status, second.status].sort().join(',');
      if ((statuses === '200,201' && first.body.id === second.body.id) || (first.status === 409 && second.status === 409)) doubles.consistent += 1;
      const winner = first.status === 201 ? first : second.status === 201 ? second : first;
      if (!classify(winner)) noteError('order', winner);
    } else {
      const order = await api('POST', `${base}/order`, token, body);
      steps.order.push(order.ms);
      if (!classify(order)) return noteError('order', order);
    }
    steps.journey.push(performance.now() - started);
  });
  const journeyMs = performance.now() - journeyStart;
  const journeyChecks = await checkDatabase(db, seed, outcomes.placed);

  /* ------------------------------------------------------------- 2. the order step alone through the API */
  await resetOrders(db, seed);
  const orderOnly = { placed: 0, soldOut: 0, errors: 0, latencies: [] };
  const ready = seed.members.map((member, index) => ({ member, session: sessions[index] })).filter((entry) => entry.session);
  console.log(`[bench] 2/3 order step alone through the API: ${ready.length} orders, ${CONCURRENCY} in flight…`);
  const orderOnlyStart = performance.now();
  await pool(ready, CONCURRENCY, async ({ member, session }) => {
    const response = await api('POST', `${session.base}/order`, session.token, orderBody(member, session.cartId));
    orderOnly.latencies.push(response.ms);
    if (response.status === 201) orderOnly.placed += 1;
    else if (response.status === 409 && response.body?.errors?.[0]?.code === 'soldOut') orderOnly.soldOut += 1;
    else orderOnly.errors += 1;
  });
  const orderOnlyMs = performance.now() - orderOnlyStart;
  const orderOnlyChecks = await checkDatabase(db, seed, orderOnly.placed);

  /* ------------------------------------------------------------- 3. the bare SQL of the stock transaction */
  await resetOrders(db, seed);
  const bare = { placed: 0, soldOut: 0, errors: 0, latencies: [] };
  console.log(`[bench] 3/3 bare SQL: ${ready.length} transactions, ${CONCURRENCY} in flight on ${SQL_POOL} connections…`);
  const bareStart = performance.now();
  await pool(ready, CONCURRENCY, async ({ member }, index) => {
    const started = performance.now();
    const client = await db.connect();
    try {
      await client.query('begin');
      let soldOut = false;
      for (const line of member.lines) {
        const taken = await client.query(
          'update stock set quantity = quantity - $1 where offering_wine_id = $2 and location_id = $3 and quantity >= $1',
          [line.quantity, line.wineId, seed.cellarId],
        );
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
    bare.latencies.push(performance.now() - started);
  });
  const bareMs = performance.now() - bareStart;
  const bareChecks = await checkDatabase(db, seed, bare.placed, { bare: true });

  /* ------------------------------------------------------------- report */
  const report = {
    date: new Date().toISOString().slice(0, 10),
    serverVersion,
    machine: `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB, load average ${loadAtStart.toFixed(1)} when the run began`,
    steps: Object.fromEntries(Object.entries(steps).map(([name, values]) => [name, summary(values)])),
    journey: { ms: journeyMs, ...outcomes, doubles, checks: journeyChecks },
    orderOnly: { ms: orderOnlyMs, ...orderOnly, summary: summary(orderOnly.latencies), checks: orderOnlyChecks },
    bare: { ms: bareMs, ...bare, summary: summary(bare.latencies), checks: bareChecks },
    seed,
  };
  const text = renderReport(report);
  console.log(`\n${text}\n`);
  const allChecks = [...journeyChecks, ...orderOnlyChecks, ...bareChecks];
  if (allChecks.some((check) => !check.ok) || outcomes.errors > 0 || doubles.consistent !== doubles.sent) {
    process.exitCode = 1;
    console.error('[bench] a check failed or requests errored: see above.');
  }
  if (WRITE) writeReport(text);
}

/* --------------------------------------------------------------------- seeding */

async function seedDatabase(db) {
  const hash = hashPassword(PASSWORD);
  const client = await db.connect();
  try {
    await client.query('begin');
    await client.query(`insert into tenants (id, name) values ($1, 'Bench Estate')`, [TENANT]);
    const customers = (
      await client.query(
        `insert into customers (tenant_id, first_name, last_name, email, password_hash)
         select $1, 'Member', 'No. ' || i, 'member' || i || '@bench.example', $2 from generate_series(1, $3) as i
         returning id, email`,
        [TENANT, hash, MEMBERS],
      )
    ).rows
      .map((row) => ({ customerId: row.id, email: row.email, n: Number(row.email.match(/\d+/)[0]) }))
      .sort((a, b) => a.n - b.n);
    const [cellar, room] = (
      await client.query(
        `insert into inventory_locations (tenant_id, name, address, country_code, state_code, ships_from, pickup, sort_order) values
           ($1, 'Winery Cellar', '1 Estate Road, Healdsburg, CA', 'US', 'CA', true, true, 0),
           ($1, 'City Tasting Room', '20 Hudson Street, New York, NY', 'US', 'NY', false, true, 1)
         returning id`,
        [TENANT],
      )
    ).rows;
    const offering = (
      await client.query(
        `insert into offerings (tenant_id, name, slug, start_date, end_date) values ($1, 'Release Day', 'release-day', now() - interval '1 hour', now() + interval '7 days') returning id`,
        [TENANT],
      )
    ).rows[0];
    const specs = [
      { name: 'Quella', priceCents: 18_500 },
      { name: 'Vecina', priceCents: 9_500 },
      { name: 'St Eden', priceCents: 32_500 },
      { name: 'Melbury', priceCents: 14_000 },
    ];
    const wines = [];
    for (const [index, spec] of specs.entries()) {
      const wine = (await client.query(`insert into wines (tenant_id, name, vintage) values ($1, $2, 2022) returning id`, [TENANT, spec.name])).rows[0];
      const offered = (
        await client.query(`insert into offering_wines (tenant_id, offering_id, wine_id, price_cents, sort_order) values ($1, $2, $3, $4, $5) returning id`, [
          TENANT,
          offering.id,
          wine.id,
          spec.priceCents,
          index,
        ])
      ).rows[0];
      wines.push({ ...spec, id: offered.id, demand: 0, stock: 0 });
    }
    // Each member may take 1–3 bottles of one or two wines, and orders exactly that.
    const allocations = (
      await client.query(
        `insert into allocations (tenant_id, offering_id, customer_id) select $1, $2, c from unnest($3::uuid[]) as c returning id, customer_id`,
        [TENANT, offering.id, customers.map((c) => c.customerId)],
      )
    ).rows;
    const allocationOf = new Map(allocations.map((row) => [row.customer_id, row.id]));
    const members = customers.map((customer, i) => {
      const first = wines[i % wines.length];
      const second = wines[(i + 1) % wines.length];
      const lines = [{ wineId: first.id, quantity: 1 + (i % 3) }];
      if (i % 3 !== 0) lines.push({ wineId: second.id, quantity: 1 + ((i >> 1) % 2) });
      for (const line of lines) wines.find((w) => w.id === line.wineId).demand += line.quantity;
      lines.sort((a, b) => (a.wineId < b.wineId ? -1 : 1));
      return { ...customer, allocationId: allocationOf.get(customer.customerId), lines };
    });
    const limitRows = members.flatMap((m) => m.lines.map((line) => [m.allocationId, line.wineId, line.quantity]));
    await client.query(
      `insert into allocation_lines (tenant_id, allocation_id, offering_wine_id, minimum, maximum)
       select $1, a, w, 0, m from unnest($2::uuid[], $3::uuid[], $4::int[]) as t(a, w, m)`,
      [TENANT, limitRows.map((r) => r[0]), limitRows.map((r) => r[1]), limitRows.map((r) => r[2])],
    );
    for (const wine of wines) {
      wine.stock = Math.floor(wine.demand * STOCK_SHARE);
      await client.query(`insert into stock (tenant_id, offering_wine_id, location_id, quantity) values ($1, $2, $3, $4), ($1, $2, $5, 0)`, [
        TENANT,
        wine.id,
        cellar.id,
        wine.stock,
        room.id,
      ]);
    }
    const addresses = (
      await client.query(
        `insert into addresses (tenant_id, customer_id, address1, city, state_code, zip_code, country_code, is_default_shipping, is_default_billing)
         select $1, c, '12 Vineyard Road', 'Sonoma', 'CA', '95476', 'US', true, true from unnest($2::uuid[]) as c returning id, customer_id`,
        [TENANT, customers.map((c) => c.customerId)],
      )
    ).rows;
    // Saved cards as the test gateway leaves them: it authorises tok_test_ tokens it has not seen.
    const cards = (
      await client.query(
        `insert into payment_cards (tenant_id, customer_id, gateway, gateway_token, brand, last4, exp_month, exp_year, card_holder_name, preferred)
         select $1, c, 'test', 'tok_test_bench_' || replace(c::text, '-', ''), 'visa', '4242', 12, extract(year from now())::int + 3, 'Bench Member', true
         from unnest($2::uuid[]) as c returning id, customer_id`,
        [TENANT, customers.map((c) => c.customerId)],
      )
    ).rows;
    const addressOf = new Map(addresses.map((row) => [row.customer_id, row.id]));
    const cardOf = new Map(cards.map((row) => [row.customer_id, row.id]));
    for (const member of members) {
      member.addressId = addressOf.get(member.customerId);
      member.cardId = cardOf.get(member.customerId);
    }
    await client.query(
      `insert into tax_rates (tenant_id, country_code, state_code, rate_basis_points) values ($1, 'US', null, 600), ($1, 'US', 'CA', 725)`,
      [TENANT],
    );
    await client.query(
      `insert into shipping_rates (tenant_id, country_code, min_bottles, max_bottles, price_cents) values ($1, 'US', 1, 6, 4500), ($1, 'US', 7, null, 7500)`,
      [TENANT],
    );
    await client.query('commit');
    await client.query('analyze');
    return { members, wines, cellarId: cellar.id, priceOf: new Map(wines.map((w) => [w.id, w.priceCents])) };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function resetOrders(db, seed) {
  await db.query(`delete from orders where tenant_id = $1`, [TENANT]);
  for (const wine of seed.wines) {
    await db.query(`update stock set quantity = $1 where offering_wine_id = $2 and location_id = $3`, [wine.stock, wine.id, seed.cellarId]);
  }
}

/* --------------------------------------------------------------------- checks */

async function checkDatabase(db, seed, placedByHttp, { bare = false } = {}) {
  const one = async (text, params = []) => (await db.query(text, params)).rows[0];
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });

  const negative = await one(`select count(*)::int as n from stock where tenant_id = $1 and quantity < 0`, [TENANT]);
  check('no stock below zero', negative.n === 0, `${negative.n} rows below zero`);

  const perWine = (
    await db.query(
      `select s.offering_wine_id as id, s.quantity as left, coalesce(sum(l.quantity), 0)::int as sold
       from stock s left join order_lines l on l.offering_wine_id = s.offering_wine_id and l.location_id = s.location_id
       where s.tenant_id = $1 and s.location_id = $2 group by s.offering_wine_id, s.quantity`,
      [TENANT, seed.cellarId],
    )
  ).rows;
  const oversold = perWine.filter((row) => row.sold > seed.wines.find((w) => w.id === row.id).stock);
  const unbalanced = perWine.filter((row) => row.sold + row.left !== seed.wines.find((w) => w.id === row.id).stock);
  check('bottles sold ≤ stock, per wine', oversold.length === 0, `${perWine.map((r) => `${seed.wines.find((w) => w.id === r.id).name} ${r.sold}/${seed.wines.find((w) => w.id === r.id).stock}`).join(', ')}`);
  check('sold + left = initial stock, per wine', unbalanced.length === 0, `${unbalanced.length} wines off`);

  const overMaximum = await one(
    `select count(*)::int as n from (
       select a.allocation_id, a.offering_wine_id, a.maximum, coalesce(sum(l.quantity), 0) as taken
       from allocation_lines a
       join allocations al on al.id = a.allocation_id
       left join orders o on o.allocation_id = a.allocation_id and o.status <> 'cancelled'
       left join order_lines l on l.order_id = o.id and l.offering_wine_id = a.offering_wine_id
       where a.tenant_id = $1 group by a.allocation_id, a.offering_wine_id, a.maximum) t
     where taken > maximum`,
    [TENANT],
  );
  check('no member over a maximum', overMaximum.n === 0, `${overMaximum.n} over`);

  const twice = await one(
    `select count(*)::int as n from (select idempotency_key from orders where tenant_id = $1 group by customer_id, idempotency_key having count(*) > 1) t`,
    [TENANT],
  );
  check('no idempotency key with two orders', twice.n === 0, `${twice.n} keys`);

  const orders = await one(
    `select count(*)::int as orders, count(distinct authorization_id)::int as authorizations, count(*) filter (where authorization_id is null)::int as unpaid
     from orders where tenant_id = $1`,
    [TENANT],
  );
  check(
    bare ? 'orders written = transactions committed' : 'authorisations = orders = 201 answers',
    orders.orders === orders.authorizations && orders.unpaid === 0 && orders.orders === placedByHttp,
    `${orders.orders} orders, ${orders.authorizations} distinct authorisations, ${placedByHttp} ${bare ? 'commits' : '201s'}`,
  );
  return checks;
}

/* --------------------------------------------------------------------- report */

function renderReport(r) {
  const { journey, orderOnly, bare } = r;
  const demand = r.seed.wines.reduce((sum, w) => sum + w.demand, 0);
  const stock = r.seed.wines.reduce((sum, w) => sum + w.stock, 0);
  const journeyRate = rate(journey.placed, journey.ms);
  const orderRate = rate(orderOnly.placed + orderOnly.soldOut, orderOnly.ms);
  const bareRate = rate(bare.placed + bare.soldOut, bare.ms);
  const row = (name, s) => `| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  const checkRows = (label, checks) => checks.map((c) => `| ${label} | ${c.name} | ${c.ok ? 'yes' : '**NO**'} | ${c.detail} |`);
  return [
    `Measured ${r.date} by \`npm run bench:release-day\` (${MEMBERS} members, ${CONCURRENCY} requests in flight, stock ${Math.round(STOCK_SHARE * 100)} % of demand): one API process (\`apps/api/dist/server.js\`, LOG_LEVEL ${process.env.LOG_LEVEL ?? 'info'}, its pool of 10 connections), PostgreSQL ${r.serverVersion} with default settings, and the load generator, all on this project's machine: ${r.machine}.`,
    '',
    `Offering: ${r.seed.wines.length} wines, ${demand} bottles asked for, ${stock} in stock. Every member signs in (scrypt), reads the allocation list and detail, saves the cart and places the order with a saved card; every ${DOUBLE_SUBMIT_EVERY}th also sends the same order a second time at once.`,
    '',
    '**1. The whole journey through the HTTP API**',
    '',
    `${journey.placed} orders placed, ${journey.soldOut} sold out, ${journey.errors} errors${journey.errorKinds.size ? ` (${[...journey.errorKinds].map(([k, n]) => `${k}: ${n}`).join('; ')})` : ''} in ${ms(journey.ms)}: **${journeyRate.toFixed(1)} orders/s** (${rate(MEMBERS, journey.ms).toFixed(1)} journeys/s). Double submissions: ${journey.doubles.sent}, answered with one order each: ${journey.doubles.consistent}.`,
    '',
    '| step | requests | p50 | p95 | p99 | max |',
    '|---|---:|---:|---:|---:|---:|',
    row('sign in', r.steps.signIn),
    row('allocation list', r.steps.allocationList),
    row('allocation detail', r.steps.allocationDetail),
    row('save cart (PUT)', r.steps.cart),
    row('place order (POST)', r.steps.order),
    row('**whole journey**', r.steps.journey),
    '',
    '**2. The order step alone** (stock reset, every member places the same order again through the API)',
    '',
    `${orderOnly.placed} placed, ${orderOnly.soldOut} sold out, ${orderOnly.errors} errors in ${ms(orderOnly.ms)}: **${orderRate.toFixed(1)} orders decided/s** (${rate(orderOnly.placed, orderOnly.ms).toFixed(1)} placed/s); latency p50 ${ms(orderOnly.summary.p50)}, p95 ${ms(orderOnly.summary.p95)}, p99 ${ms(orderOnly.summary.p99)}.`,
    '',
    `**3. The bare SQL of the stock transaction** (BEGIN; one conditional UPDATE per wine; INSERT order and lines; COMMIT — over pg, ${SQL_POOL} connections, ${CONCURRENCY} in flight)`,
    '',
    `${bare.placed} committed, ${bare.soldOut} sold out, ${bare.errors} errors in ${ms(bare.ms)}: **${bareRate.toFixed(1)} transactions/s**; latency p50 ${ms(bare.summary.p50)}, p95 ${ms(bare.summary.p95)}, p99 ${ms(bare.summary.p99)}.`,
    '',
    `**Ratio API / bare SQL**: order step ${(orderRate / bareRate).toFixed(2)} (${orderRate.toFixed(1)} / ${bareRate.toFixed(1)} per s); whole journey ${(journeyRate / bareRate).toFixed(3)} (sign-in bound, see below).`,
    '',
    '| run | check (SQL, afterwards) | passed | detail |',
    '|---|---|:---:|---|',
    ...checkRows('journey', journey.checks),
    ...checkRows('order step', orderOnly.checks),
    ...checkRows('bare SQL', bare.checks),
  ].join('\n');
}

function writeReport(text) {
  const path = join(root, 'docs/performance.md');
  const start = '<!-- release-day:start -->';
  const end = '<!-- release-day:end -->';
  const current = readFileSync(path, 'utf8');
  const block = `${start}\n${text}\n${end}`;
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
    : `${current.trimEnd()}\n\n## Release day (ordering under load)\n\n${block}\n`;
  writeFileSync(path, next);
  console.log('[bench] wrote docs/performance.md');
}
