import { FIXTURES_PREFIX, FIXTURES_SECRET_ENV, MIN_SECRET_LENGTH, simulatedClockFromEnv } from './e2e-environment.js';

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

// The app is loaded only once the environment is known to be right (e2e-environment.ts).
const [{ startServer }, { e2eFixturesRoutes }, { thirdPartySinkRoutes }] = await Promise.all([
  import('../start-server.js'),
  import('./e2e-fixtures.js'),
  import('./third-party-sinks.js'),
]);

startServer({
  ...(clock ? { now: clock.now } : {}),
  beforeListen: async (app, { db, paymentGateway }) => {
    await app.register(thirdPartySinkRoutes);
    await app.register(e2eFixturesRoutes, { prefix: FIXTURES_PREFIX, db, paymentGateway, secret, ...(clock ? { clock } : {}) });
  },
}).catch((error: unknown) => {
  console.error('The browser tests’ server could not start:', error);
  process.exit(1);
});
