import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HOUR_MS } from '@winery/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { openDatabase, pgliteDataDir, pgliteLockPath, type DatabaseHandle } from './db/client.js';
import type { Database } from './db/database.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './demo/demo-sign-ins.js';
import { seedDemo } from './demo/seed.js';
import { loadConfig, REPO_ROOT } from './env.js';
import { loadSigningKeys } from './modules/auth/signing-keys.js';
import { describeSmtpUrl } from './modules/mail/transports.js';
import { createPaymentGateway } from './modules/payments/gateways.js';
import type { PaymentGateway } from './modules/payments/payment-gateway.js';

const ANALYZE_EVERY_MS = HOUR_MS;

export interface StartServerOptions {
  /**
   * Runs after migrating and seeding, before listening. Only the browser tests' own entry
   * (src/testing/e2e-server.ts, never built into dist) passes it, to add their fixtures routes.
   */
  beforeListen?: (app: FastifyInstance, parts: { db: Database; paymentGateway: PaymentGateway }) => Promise<void>;
}

/** Reads the configuration, opens, migrates and seeds the database, and serves web + API. */
export async function startServer(options: StartServerOptions = {}): Promise<void> {
  // Settings may also come from a .env file at the repository root (see .env.example);
  // variables already set in the environment win.
  const envFile = join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const signingKeys = loadSigningKeys({ privateKeyPem: config.TOKEN_PRIVATE_KEY, dataDir: config.DATA_DIR });

  const database: DatabaseHandle = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: pgliteDataDir(config.DATA_DIR), lockPath: pgliteLockPath(config.DATA_DIR) },
  );

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
  // Given DATA_DIR, the test gateway keeps its records there: like a real one, it outlives a crash.
  const paymentGateway = createPaymentGateway(config.PAYMENT_GATEWAY, { dataDir: config.DATA_DIR });
  const app = await buildApp({
    db: database.db,
    signingKeys,
    webRoot: config.WEB_ROOT,
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    globalRateLimit: { redisUrl: config.REDIS_URL ?? null, max: config.RATE_LIMIT_MAX },
    minimumAge: config.MINIMUM_AGE,
    paymentGateway,
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
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await database.migrate();
    // Demo cards go through this server's test gateway, so their fingerprints are its own: the
    // demo members' saved card is then recognised when they add it again.
    const seeded = config.SEED_DEMO ? await seedDemo(database.db, undefined, paymentGateway.name === 'test' ? paymentGateway : undefined) : false;
    if (seeded) app.log.info('demo producer seeded');
    if (database.kind === 'pglite') keepPlannerStatistics(database.db, app);
    await options.beforeListen?.(app, { db: database.db, paymentGateway });
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }

  const lines = [
    '',
    `  Winery members site: http://localhost:${config.PORT}`,
    `  API:                 http://localhost:${config.PORT}/v1  (OpenAPI: /v1/openapi.json)`,
    `  Database:            ${database.kind === 'pglite' ? `embedded PGlite in ${pgliteDataDir(config.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail:                ${
      config.SMTP_URL
        ? `SMTP ${describeSmtpUrl(config.SMTP_URL)}`
        : `outbox in ${join(config.DATA_DIR, 'outbox')}${config.NODE_ENV === 'production' ? '' : `, read it at http://localhost:${config.PORT}/dev/outbox`}`
    }`,
  ];
  if (config.SEED_DEMO) {
    lines.push('', `  Demo sign-ins (tenant "demo", password ${DEMO_PASSWORD}):`);
    for (const signIn of DEMO_SIGN_INS) lines.push(`    ${signIn.email.padEnd(22)} ${signIn.story}`);
  }
  console.log(`${lines.join('\n')}\n`);
}
