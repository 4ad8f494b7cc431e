// `node --expose-gc bench/orders-export.mjs`: the staff's order export (GET /v1/staff/orders.csv) keeps the
// API's memory flat however many lines it writes (issue 14, item 6). Starts the built API
// (apps/api/dist — run `npm run build` first) in this process on a fresh embedded database (or a
// fresh database on the server DATABASE_URL names), seeds N order lines in SQL (default 100,000:
// orders of four lines each), then downloads the CSV through HTTP while sampling
// process.memoryUsage() every 20 ms (and, garbage collected first, every 250 ms), and prints the
// peak RSS and heap against the baseline taken just before the request. The download is read and
// dropped as it arrives, so what grows is the API's side. Exits 1 if the file does not have one
// row per line. PGlite's queries run on the main thread, so the samplers fire between batches.
//
//   --lines=N   order lines to seed (default 100000)     DATABASE_URL  use a PostgreSQL server instead of PGlite
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { arg, builtStartServer, fail, freshApiEnvironment, hashPassword, root } from './lib/in-process-api.mjs';
const LINES = Number(arg('lines', 100_000));
const LINES_PER_ORDER = 4;
const MEMBERS = 5_000;
const TENANT = 'bench';
const PASSWORD = 'Export-Bench-2026';
const SAMPLE_MS = 20;
const RETAINED_MS = 250;

if (!Number.isInteger(LINES) || LINES < LINES_PER_ORDER) fail(`--lines must be a whole number of at least ${LINES_PER_ORDER}.`);
const startServerJs = builtStartServer();


/* --------------------------------------------------------------------- a fresh database */

const { port, dataDir, dropDatabase } = await freshApiEnvironment('export');

/* --------------------------------------------------------------------- seed, in SQL */

const orderCount = Math.ceil(LINES / LINES_PER_ORDER);
async function seed(db) {
  const { sql } = await import(pathToFileURL(join(root, 'node_modules/drizzle-orm/index.js')).href);
  const run = (text) => db.execute(sql.raw(text));
  const started = performance.now();
  await run(`insert into tenants (id, name) values ('${TENANT}', 'Bench Winery')`);
  await run(`insert into staff_users (tenant_id, email, name, role, password_hash) values ('${TENANT}', 'staff@bench.example', 'Bench Staff', 'viewer', '${hashPassword(PASSWORD)}')`);
  await run(`insert into inventory_locations (tenant_id, name, address, hours, country_code, state_code, ships_from, pickup)
    values ('${TENANT}', 'Cellar', '1 Estate Road, Healdsburg, CA 95448', 'Daily 10–4', 'US', 'CA', true, true)`);
  await run(`insert into offerings (tenant_id, name, slug, start_date, end_date) values ('${TENANT}', 'Bench Release', 'bench-release', now() - interval '10 days', now() + interval '10 days')`);
  await run(`insert into wines (tenant_id, name, vintage, size_ml) select '${TENANT}', 'Bench Wine ' || g, 2020 + g, 750 from generate_series(1, ${LINES_PER_ORDER}) g`);
  await run(`insert into offering_wines (tenant_id, offering_id, wine_id, price_cents, sort_order)
    select '${TENANT}', o.id, w.id, 4500 + w.vintage, w.vintage from wines w, offerings o where w.tenant_id = '${TENANT}' and o.tenant_id = '${TENANT}'`);
  await run(`insert into customers (tenant_id, first_name, last_name, email, phone)
    select '${TENANT}', 'Member', 'Number ' || g, 'member' || g || '@bench.example', '+1 707 555 0100' from generate_series(1, ${MEMBERS}) g`);
  await run(`insert into allocations (tenant_id, offering_id, customer_id)
    select '${TENANT}', o.id, c.id from customers c, offerings o where c.tenant_id = '${TENANT}' and o.tenant_id = '${TENANT}'`);
  await run(`insert into orders (tenant_id, customer_id, allocation_id, number, subtotal_cents, shipping_cents, tax_cents, total_cents, delivery_method, shipping_address, billing_address, card_brand, card_last4, placed_at)
    select '${TENANT}', a.customer_id, a.id, 'AE-' || lpad(g::text, 8, '0'), 18000, 4500, 1305, 23805, 'shipping',
      jsonb_build_object('address1', g || ' Vineyard Road', 'address2', null, 'city', 'Sonoma', 'stateCode', 'CA', 'zipCode', '95476', 'countryCode', 'US'),
      jsonb_build_object('address1', g || ' Vineyard Road', 'address2', null, 'city', 'Sonoma', 'stateCode', 'CA', 'zipCode', '95476', 'countryCode', 'US'),
      'visa', '4242', now() - (g || ' minutes')::interval
    from generate_series(1, ${orderCount}) g
    join (select id, customer_id, row_number() over (order by id) as n from allocations where tenant_id = '${TENANT}') a on a.n = 1 + (g % ${MEMBERS})`);
  await run(`insert into order_lines (tenant_id, order_id, offering_wine_id, location_id, name, vintage, size_ml, quantity, unit_price_cents)
    select '${TENANT}', o.id, ow.id, l.id, w.name, w.vintage, w.size_ml, 1 + (w.vintage % 3), ow.price_cents
    from orders o
    cross join offering_wines ow join wines w on w.id = ow.wine_id
    cross join inventory_locations l
    where o.tenant_id = '${TENANT}' and ow.tenant_id = '${TENANT}' and l.tenant_id = '${TENANT}'`);
  // Statistics, as a server's autovacuum would gather after a load this size (PGlite runs none).
  await run('analyze');
  const [{ n }] = (await run(`select count(*)::int as n from order_lines where tenant_id = '${TENANT}'`)).rows;
  console.log(`[bench] seeded ${n.toLocaleString('en-US')} order lines in ${orderCount.toLocaleString('en-US')} orders (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return n;
}

/* --------------------------------------------------------------------- serve, export, measure */

let seededLines = 0;
let app;
const { startServer } = await import(pathToFileURL(startServerJs).href);
await startServer({
  beforeListen: async (fastify, { db }) => {
    app = fastify;
    seededLines = await seed(db);
  },
});
const origin = `http://127.0.0.1:${port}`;
const login = await fetch(`${origin}/v1/staff/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', tenant: TENANT },
  body: JSON.stringify({ email: 'staff@bench.example', password: PASSWORD }),
});
if (!login.ok) fail(`staff sign-in answered ${login.status}`);
const { token } = await login.json();

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
globalThis.gc?.();
const baseline = process.memoryUsage();
const peak = { rss: baseline.rss, heapUsed: baseline.heapUsed };
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  peak.rss = Math.max(peak.rss, now.rss);
  peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
}, SAMPLE_MS);
// What the heap holds on to, garbage collected first (node --expose-gc): the measure of "flat".
const retained = { peak: baseline.heapUsed, samples: 0 };
const collector = globalThis.gc
  ? setInterval(() => {
      globalThis.gc();
      retained.peak = Math.max(retained.peak, process.memoryUsage().heapUsed);
      retained.samples += 1;
    }, RETAINED_MS)
  : undefined;

const started = performance.now();
const response = await fetch(`${origin}/v1/staff/orders.csv`, { headers: { tenant: TENANT, authorization: token } });
if (!response.ok) fail(`export answered ${response.status}`);
let bytes = 0;
let newlines = 0;
for await (const chunk of response.body) {
  bytes += chunk.length;
  for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) newlines += 1;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
clearInterval(collector);

const rows = newlines - 1;
console.log(`[bench] exported ${rows.toLocaleString('en-US')} rows, ${mb(bytes)}, in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en-US')} rows/s)`);
console.log(`[bench] RSS:  baseline ${mb(baseline.rss)}, peak ${mb(peak.rss)} (+${mb(peak.rss - baseline.rss)})`);
console.log(`[bench] heap: baseline ${mb(baseline.heapUsed)}, peak ${mb(peak.heapUsed)} (+${mb(peak.heapUsed - baseline.heapUsed)}), garbage included; the file is ${mb(bytes)}`);
if (collector) console.log(`[bench] heap retained (after GC, ${retained.samples} samples): peak ${mb(retained.peak)} (+${mb(retained.peak - baseline.heapUsed)})`);
else console.log('[bench] run with node --expose-gc to see the heap retained after garbage collection');

await app?.close();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
if (rows !== seededLines) fail(`the file has ${rows} rows for ${seededLines} order lines`);
process.exit(0);
