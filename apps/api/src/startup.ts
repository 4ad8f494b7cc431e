import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, pgliteDataDir, pgliteLockPath, type DatabaseHandle } from './db/client.js';
import { withStartupLock } from './db/startup-lock.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './demo/demo-sign-ins.js';
import { seedDemo } from './demo/seed.js';
import { loadConfig, REPO_ROOT, type Config } from './env.js';
import { describeSmtpUrl } from './modules/mail/transports.js';
import { createPaymentGateway } from './modules/payments/gateways.js';
import type { PaymentGateway } from './modules/payments/payment-gateway.js';

/*
 * The steps of a start that both a single server (start-server.ts) and the primary process of
 * several workers (cluster.ts) take. Nothing here loads the web framework, so the primary, which
 * serves no request, stays small.
 */

/**
 * The configuration. Settings may also come from a .env file at the repository root (see
 * .env.example); variables already set in the environment win. Throws ConfigError.
 */
export function readConfig(): Config {
  const envFile = join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return loadConfig();
}

/** The PostgreSQL server of DATABASE_URL, or the embedded database in DATA_DIR (one process only). */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolMax: config.PG_POOL_MAX }
      : { kind: 'pglite', dataDir: pgliteDataDir(config.DATA_DIR), lockPath: pgliteLockPath(config.DATA_DIR) },
  );
}

/**
 * PAYMENT_GATEWAY. Given DATA_DIR, the test gateway keeps its records there: like a real one, it
 * outlives a crash. Its fingerprint key is TEST_GATEWAY_FINGERPRINT_KEY, or one kept in DATA_DIR.
 */
export function createConfiguredGateway(config: Config): PaymentGateway {
  return createPaymentGateway(config.PAYMENT_GATEWAY, {
    dataDir: config.DATA_DIR,
    ...(config.TEST_GATEWAY_FINGERPRINT_KEY ? { testFingerprintKey: Buffer.from(config.TEST_GATEWAY_FINGERPRINT_KEY, 'base64url') } : {}),
  });
}

/**
 * Applies the migrations and seeds the demo (SEED_DEMO) before anything listens. On a PostgreSQL
 * server this runs under a lock (db/startup-lock.ts), so instances started together on several
 * machines migrate and seed once: the others wait, then find nothing left to do. Answers whether
 * the demo was seeded now.
 */
export async function prepareDatabase(
  config: Config,
  database: DatabaseHandle,
  paymentGateway: PaymentGateway,
  onWait: () => void = () => undefined,
): Promise<boolean> {
  const work = async () => {
    await database.migrate();
    // Demo cards go through this server's test gateway, so their fingerprints are its own: the
    // demo members' saved card is then recognised when they add it again.
    return config.SEED_DEMO ? seedDemo(database.db, undefined, paymentGateway.name === 'test' ? paymentGateway : undefined) : false;
  };
  return config.DATABASE_URL && database.kind === 'postgres' ? withStartupLock(config.DATABASE_URL, work, onWait) : work();
}

export const WAITING_FOR_ANOTHER_START = 'Another instance is migrating or seeding the database; waiting for it to finish.';

/** Why one process serves although WEB_CONCURRENCY asks for more; null when it does not. */
export function singleProcessReason(config: Config): string | null {
  if (config.WEB_CONCURRENCY <= 1 || config.DATABASE_URL) return null;
  return `WEB_CONCURRENCY=${config.WEB_CONCURRENCY} asks for ${config.WEB_CONCURRENCY} API workers, but the embedded database (no DATABASE_URL) can be opened by one process only: running 1. Set DATABASE_URL to a PostgreSQL server to run several.`;
}

/** The lines printed once the site answers: where it is, who serves it, the demo sign-ins. */
export function startBanner(config: Config, database: DatabaseHandle['kind'], pids: readonly number[]): string {
  const workers =
    pids.length > 1
      ? `${pids.length} processes on port ${config.PORT} (WEB_CONCURRENCY; pids ${pids.join(', ')}); one that stops is replaced`
      : `1 process (pid ${pids[0] ?? process.pid})${config.WEB_CONCURRENCY > 1 ? `: WEB_CONCURRENCY=${config.WEB_CONCURRENCY} needs DATABASE_URL` : ''}`;
  const lines = [
    '',
    `  Winery members site: http://localhost:${config.PORT}`,
    `  API:                 http://localhost:${config.PORT}/v1  (OpenAPI: /v1/openapi.json)`,
    `  Workers:             ${workers}`,
    `  Database:            ${database === 'pglite' ? `embedded PGlite in ${pgliteDataDir(config.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'}`,
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
  return `${lines.join('\n')}\n`;
}
