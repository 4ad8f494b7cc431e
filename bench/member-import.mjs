// `node bench/member-import.mjs`: importing a winery's member list (issue 14, item 2) — 20,000
// members in under a minute. Starts the built API (apps/api/dist — run `npm run build` first) in
// this process on a fresh embedded database (or a fresh database on the server DATABASE_URL
// names), writes a CSV of N members as an old platform exports it (names, e-mail, phone, birthday,
// tier, member since, address), then sends it through HTTP twice: the dry run, and the real
// import (one transaction, multi-row INSERTs, an audit entry per member). Prints both times and
// exits 1 if the import took a minute or more or did not write every member.
//
//   --members=N   members in the file (default 20000)     DATABASE_URL  use a PostgreSQL server instead of PGlite
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { arg, builtStartServer, fail, freshApiEnvironment, hashPassword, root } from './lib/in-process-api.mjs';
const MEMBERS = Number(arg('members', 20_000));
const LIMIT_S = 60;
const TENANT = 'bench';
const PASSWORD = 'Import-Bench-2026';

if (!Number.isInteger(MEMBERS) || MEMBERS < 1) fail('--members must be a whole number of at least 1.');
const startServerJs = builtStartServer();


const { port, dataDir, dropDatabase } = await freshApiEnvironment('import');

let app;
let database;
const { startServer } = await import(pathToFileURL(startServerJs).href);
await startServer({
  beforeListen: async (fastify, { db }) => {
    app = fastify;
    database = db;
    const { sql } = await import(pathToFileURL(join(root, 'node_modules/drizzle-orm/index.js')).href);
    const run = (text) => db.execute(sql.raw(text));
    await run(`insert into tenants (id, name) values ('${TENANT}', 'Bench Winery')`);
    await run(`insert into staff_users (tenant_id, email, name, role, password_hash) values ('${TENANT}', 'staff@bench.example', 'Bench Staff', 'manager', '${hashPassword(PASSWORD)}')`);
    await run(`insert into tiers (tenant_id, name, rank) values ('${TENANT}', 'Founders', 1), ('${TENANT}', 'Cellar Club', 2), ('${TENANT}', 'Friends', 3)`);
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

// The file, as a common export writes it.
const TIERS = ['Founders', 'Cellar Club', 'Friends', ''];
const STATES = [['CA', '95476', 'Sonoma'], ['NY', '10013', 'New York'], ['OR', '97132', 'Newberg'], ['WA', '98101', 'Seattle']];
/** A name of letters for each number (members' names may not hold digits): 1 → "Ab", 27 → "Bb"… */
const letters = (n) => {
  let name = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / 26)) name += String.fromCharCode(97 + (rest % 26));
  return name.charAt(0).toUpperCase() + name.slice(1);
};
const lines = ['First Name,Last Name,Email,Phone,Birthday,Club,Join Date,Address 1,City,State,Zip,Country'];
for (let n = 1; n <= MEMBERS; n += 1) {
  const [state, zip, city] = STATES[n % STATES.length];
  const month = 1 + (n % 12);
  lines.push(`${letters(n)},"O'Vintner-Smith",member${n}@bench.example,707 555 ${String(n % 10_000).padStart(4, '0')},${month}/${1 + (n % 28)}/${1950 + (n % 50)},${TIERS[n % TIERS.length]},${2000 + (n % 25)}-0${1 + (n % 9)}-15,${n} Vineyard Road,${city},${state},${zip},US`);
}
const csv = `${lines.join('\n')}\n`;
console.log(`[bench] ${MEMBERS.toLocaleString('en-US')} members, ${(csv.length / 1024 / 1024).toFixed(1)} MB of CSV, on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);

async function send(dryRun) {
  const started = performance.now();
  const response = await fetch(`${origin}/v1/staff/members/import?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', tenant: TENANT, authorization: token },
    body: csv,
  });
  const seconds = (performance.now() - started) / 1000;
  const body = await response.json();
  if (!response.ok) fail(`import (dryRun=${dryRun}) answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { seconds, body };
}

const dry = await send(true);
console.log(`[bench] dry run: ${dry.seconds.toFixed(1)} s (${dry.body.valid} valid, ${dry.body.errors.length} errors)`);
const real = await send(false);
console.log(`[bench] import:  ${real.seconds.toFixed(1)} s (${real.body.imported} imported, ${Math.round(real.body.imported / real.seconds).toLocaleString('en-US')} members/s)`);

const { sql } = await import(pathToFileURL(join(root, 'node_modules/drizzle-orm/index.js')).href);
const [{ members, addresses, audits }] = (
  await database.execute(
    sql.raw(`select (select count(*)::int from customers where tenant_id = '${TENANT}') as members,
      (select count(*)::int from addresses where tenant_id = '${TENANT}') as addresses,
      (select count(*)::int from audit_log where tenant_id = '${TENANT}' and action = 'member.import') as audits`),
  )
).rows;
console.log(`[bench] stored: ${members} members, ${addresses} addresses, ${audits} audit entries`);

await app?.close();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
if (members !== MEMBERS || addresses !== MEMBERS || audits !== MEMBERS) fail('not every member was written');
if (real.seconds >= LIMIT_S) fail(`the import took ${real.seconds.toFixed(1)} s, over ${LIMIT_S} s`);
process.exit(0);
