import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { HOUR_MS } from '@winery/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { DatabaseHandle } from './db/client.js';
import type { Database } from './db/database.js';
import type { Config } from './env.js';
import { configurePasswordHashing, defaultPasswordHashThreads } from './modules/auth/password.service.js';
import { loadSigningKeys } from './modules/auth/signing-keys.js';
import type { PaymentGateway } from './modules/payments/payment-gateway.js';
import { createConfiguredGateway, openConfiguredDatabase, prepareDatabase, readConfig, startBanner, WAITING_FOR_ANOTHER_START } from './startup.js';

const ANALYZE_EVERY_MS = HOUR_MS;

export interface StartServerOptions {
  /**
   * Runs after migrating and seeding, before listening. Only the browser tests' own entry
   * (src/testing/e2e-server.ts, never built into dist) passes it, to add their fixtures routes.
   */
  beforeListen?: (app: FastifyInstance, parts: { db: Database; paymentGateway: PaymentGateway }) => Promise<void>;
  /**
   * The app's clock. Only the browser tests' own entry passes one (its simulated clock, under
   * WINERY_TEST_CLOCK=simulated); everything else runs on the real clock.
   */
  now?: () => Date;
  /** The configuration, when the caller has read it already (server.ts); read here otherwise. */
  config?: Config;
  /**
   * One of several workers (cluster.ts): the primary process has migrated and seeded the
   * database before starting it, and prints the start banner once every worker listens.
   */
  worker?: boolean;
  /**
   * Runs once a signal has closed the server and its database, before the process exits. Only the
   * browser tests' entry passes it: it drops the database it made on a PostgreSQL server.
   */
  afterClose?: () => Promise<void>;
}

/**
 * Reads the configuration, opens, migrates and seeds the database, and serves web + API in this
 * process until SIGINT or SIGTERM, which close it gracefully (requests in flight are answered).
 */
export async function startServer(options: StartServerOptions = {}): Promise<void> {
  const config = options.config ?? readConfig();
  // Before the first hash (the demo seed's): how many threads hash passwords (issue 16); the
  // workers of one machine share its cores.
  configurePasswordHashing({ threads: config.PASSWORD_HASH_THREADS ?? defaultPasswordHashThreads(availableParallelism(), options.worker ? config.WEB_CONCURRENCY : 1) });
  const signingKeys = loadSigningKeys({ privateKeyPem: config.TOKEN_PRIVATE_KEY, dataDir: config.DATA_DIR });

  const database: DatabaseHandle = await openConfiguredDatabase(config);

  let closing = false;
  let analyzeTimer: NodeJS.Timeout | undefined;
  /**
   * Embedded PGlite has no autovacuum, so nothing ever gathers the planner's statistics: a list
   * joining orders, members and lines was planned as if every table were empty (25 s for one page
   * of 40,000 orders). ANALYZE once the data is in, then every hour while the server runs.
   */
  const keepPlannerStatistics = (db: Database, app: FastifyInstance) => {
    const analyze = () =>
      db.execute(sql`ANALYZE`).then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'ANALYZE failed'),
      );
    void analyze();
    analyzeTimer = setInterval(() => void analyze(), ANALYZE_EVERY_MS);
    analyzeTimer.unref();
  };
  const paymentGateway = createConfiguredGateway(config);
  const app = await buildApp({
    db: database.db,
    signingKeys,
    webRoot: config.WEB_ROOT,
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    globalRateLimit: { redisUrl: config.REDIS_URL ?? null, max: config.RATE_LIMIT_MAX },
    minimumAge: config.MINIMUM_AGE,
    paymentGateway,
    ...(options.now ? { now: options.now } : {}),
    mail: {
      smtpUrl: config.SMTP_URL ?? null,
      from: config.MAIL_FROM,
      outboxDir: join(config.DATA_DIR, 'outbox'),
      publicUrl: config.PUBLIC_URL,
      workerIntervalMs: config.MAIL_WORKER_INTERVAL_MS,
      production: config.NODE_ENV === 'production',
    },
    siteConfig: {
      analyticsWriteKey: config.ANALYTICS_WRITE_KEY,
      analyticsScriptUrl: config.ANALYTICS_SCRIPT_URL,
      analyticsPageTracking: config.ANALYTICS_PAGE_TRACKING,
      analyticsPageViewDelayMs: config.ANALYTICS_PAGE_VIEW_DELAY_MS,
      routeChangeEventName: config.ROUTE_CHANGE_EVENT_NAME,
      errorReportingDsn: config.ERROR_REPORTING_DSN,
      errorReportingScriptUrl: config.ERROR_REPORTING_SCRIPT_URL,
    },
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (analyzeTimer) clearInterval(analyzeTimer);
    app.log.info(`${signal} received, closing`);
    try {
      await app.close();
    } finally {
      await database.close();
      await options.afterClose?.();
      process.exit(0);
    }
  };
  // `on`, not `once`: under `npm start` a Ctrl-C reaches this process twice (from the terminal and
  // from scripts/start.mjs), and a second signal must not cut the graceful close short.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    if (!options.worker) {
      const seeded = await prepareDatabase(config, database, paymentGateway, () => app.log.info(WAITING_FOR_ANOTHER_START));
      if (seeded) app.log.info('demo producer seeded');
    }
    if (database.kind === 'pglite') keepPlannerStatistics(database.db, app);
    await options.beforeListen?.(app, { db: database.db, paymentGateway });
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }

  if (!options.worker) console.log(startBanner(config, database.kind, [process.pid]));
}
