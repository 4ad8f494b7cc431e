import { randomBytes } from 'node:crypto';
import { DATABASE_SERVER_ENV, OWN_DATABASE_LINE, FIXTURES_PREFIX, FIXTURES_SECRET_ENV, MIN_SECRET_LENGTH, simulatedClockFromEnv } from './e2e-environment.js';

/**
 * The browser tests' server: the real start (start-server.ts: configuration, migrations, demo
 * seed, web + API) plus the fixtures routes of e2e-fixtures.ts and the third-party services' test
 * doubles of third-party-sinks.ts. Started only by apps/web/tests/e2e/support/global-setup.ts
 * (and a spec's own server, support/own-server.ts), through tsx; never built (src/testing is not in dist), so neither `npm start` nor a deployment
 * can run it.
 *
 * With WINERY_TEST_CLOCK=simulated the app's clock is real time plus an offset the spec moves on
 * through POST /__test/fixtures/clock (the fair-release journey); without it, the real clock and
 * no such route.
 */
const secret = process.env[FIXTURES_SECRET_ENV] ?? '';
// Nothing else in the process needs it.
delete process.env[FIXTURES_SECRET_ENV];
if (secret.length < MIN_SECRET_LENGTH) {
  console.error(`${FIXTURES_SECRET_ENV} must be a random string of at least ${MIN_SECRET_LENGTH} characters.`);
  process.exit(1);
}

let clock: ReturnType<typeof simulatedClockFromEnv>;
try {
  clock = simulatedClockFromEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/**
 * With WINERY_TEST_DATABASE_SERVER, a fresh database of this server's own on that PostgreSQL
 * server (the app migrates and seeds it as `npm start` does a new one), and how to drop it; the
 * app reads DATABASE_URL when it starts. Without, nothing: embedded PGlite in DATA_DIR.
 */
async function ownDatabase(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env[DATABASE_SERVER_ENV];
  delete process.env[DATABASE_SERVER_ENV];
  if (!serverUrl) return undefined;
  // Loaded only now: a server started wrongly is refused above without it.
  const { databaseUrl, onServer } = await import('./server-database.js');
  const name = `winery_e2e_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  process.env.DATABASE_URL = databaseUrl(serverUrl, name);
  console.log(`${OWN_DATABASE_LINE}${name}`);
  // With force: a connection the pool had not yet closed must not keep the database behind.
  return async () => {
    await onServer(serverUrl, `drop database if exists "${name}" with (force)`).catch((error: unknown) => {
      console.error(`Could not drop the browser tests' database ${name}:`, error);
    });
  };
}

let dropDatabase: (() => Promise<void>) | undefined;
try {
  dropDatabase = await ownDatabase();
} catch (error) {
  console.error('The browser tests’ server could not make its database:', error);
  process.exit(1);
}

// The app is loaded only once the environment is known to be right (e2e-environment.ts).
const [{ startServer }, { e2eFixturesRoutes }, { thirdPartySinkRoutes }] = await Promise.all([
  import('../start-server.js'),
  import('./e2e-fixtures.js'),
  import('./third-party-sinks.js'),
]);

startServer({
  ...(clock ? { now: clock.now } : {}),
  ...(dropDatabase ? { afterClose: dropDatabase } : {}),
  beforeListen: async (app, { db, paymentGateway }) => {
    await app.register(thirdPartySinkRoutes);
    await app.register(e2eFixturesRoutes, { prefix: FIXTURES_PREFIX, db, paymentGateway, secret, ...(clock ? { clock } : {}) });
  },
}).catch(async (error: unknown) => {
  console.error('The browser tests’ server could not start:', error);
  await dropDatabase?.();
  process.exit(1);
});
