/**
 * Configuration, read once at start. Every setting is an environment variable:
 *
 *   PORT               port to listen on (default 3000)
 *   HOST               interface to bind (default 0.0.0.0, so containers and LAN devices reach it)
 *   DATA_DIR           where the embedded database (DATA_DIR/pgdata) and the generated signing key
 *                      (DATA_DIR/keys/) live; default <repo root>/.data
 *   DATABASE_URL       postgres://… — use a PostgreSQL server instead of the embedded PGlite
 *                      (production, several API instances); a PgBouncer in transaction mode works too
 *   PG_POOL_MAX        connections each API process keeps to DATABASE_URL at most (default 10). The
 *                      server (or PgBouncer) must accept WEB_CONCURRENCY × instances × PG_POOL_MAX
 *   TOKEN_PRIVATE_KEY  Ed25519 private key, PKCS8 PEM, that signs member tokens; set it when several
 *                      instances must accept each other's tokens. Unset: generated once into DATA_DIR/keys/
 *   WEB_ROOT           the built web app to serve (default apps/web/build/client); absent folder = API only
 *   SEED_DEMO          true/false: create the demo producer and members when tenant "demo" is absent
 *                      (default true)
 *   REDIS_URL          redis://… — share the per-IP request counters between API instances (default: in memory)
 *   WEB_CONCURRENCY    API worker processes on the one port (node:cluster; default 1). More than 1 needs
 *                      DATABASE_URL: the embedded database is opened by one process only, so without it
 *                      the server says so and runs one
 *   TEST_GATEWAY_FINGERPRINT_KEY  32 random bytes, base64url: the test gateway's card-fingerprint key
 *                      (PAYMENT_GATEWAY=test). Unset: generated once into DATA_DIR/test-gateway/; set
 *                      it when instances on several machines must recognise the same card
 *   RATE_LIMIT_MAX     API requests one IP may make per minute (default 600). Raise it when many members
 *                      share one address (a company network) or for load tests (bench/release-day.mjs)
 *   PASSWORD_HASH_THREADS  threads per API process that hash passwords (scrypt) beside the event loop
 *                      (default: one per core but one, shared between the WEB_CONCURRENCY workers, at
 *                      least one each; at a lower priority on Linux). 0 hashes on Node's shared
 *                      threadpool as before issue 16 (for comparison: a sign-in storm then holds up every
 *                      signed-in request)
 *   (Relative DATA_DIR and WEB_ROOT are taken from the repository root, whatever the working directory.)
 *   LOG_LEVEL          fatal | error | warn | info | debug | trace | silent (default info)
 *   TRUST_PROXY        true behind a load balancer/reverse proxy, so client IPs (sign-in limits, logs)
 *                      come from X-Forwarded-For instead of the proxy's address (default false)
 *   MINIMUM_AGE        youngest age, in whole years, at which a member may buy wine (default 21); the
 *                      profile forms and the API check the same number (also served to the browser)
 *   PAYMENT_GATEWAY    which payment gateway saves cards and takes payments: test (the built-in test
 *                      gateway with its test card numbers; the only one so far, and the default)
 *   SMTP_URL           smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465 — send e-mail
 *                      over SMTP. Unset: mail is written to DATA_DIR/outbox/ and, outside production,
 *                      listed at /dev/outbox with working links
 *   MAIL_FROM          sender of every e-mail (default "Aldermoor Estate" <no-reply@aldermoor.example>)
 *   PUBLIC_URL         origin of the links in e-mails, as members reach the site, e.g.
 *                      https://members.example.com (default http://localhost:${PORT})
 *   MAIL_WORKER_INTERVAL_MS  how often each instance looks for mail to send or retry, ms (default 5000;
 *                      new mail is also sent at once)
 *   NODE_ENV           production turns development-only pages off (the outbox page); default development
 *
 * Served to the browser at GET /site-config.json (no rebuild needed); unset keys turn a service off:
 *   ANALYTICS_WRITE_KEY          analytics (Segment-style) write key; unset = no analytics script
 *   ANALYTICS_SCRIPT_URL         where the analytics library is loaded from, https://… or /path
 *                                (default: Segment's CDN URL for the write key)
 *   ANALYTICS_PAGE_TRACKING      true/false: send a page view after each route change (default false)
 *   ANALYTICS_PAGE_VIEW_DELAY_MS delay before each page view, ms (default 50; negative values become 0)
 *   ROUTE_CHANGE_EVENT_NAME      name of the data-layer event pushed after each route change
 *                                (default gatsby-route-change)
 *   ERROR_REPORTING_DSN          error-reporting (Sentry-style) DSN, https://key@host/project; unset = off
 *   ERROR_REPORTING_SCRIPT_URL   where the error-reporting library is loaded from, https://… or /path
 *                                (default: Sentry's loader script for the DSN's public key)
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MINIMUM_AGE, ROUTE_CHANGE_EVENT_DEFAULT } from '@winery/domain';
import { API_PACKAGE_ROOT } from './db/migrations-folder.js';
import { ConfigError } from './shared/config-error.js';

export { ConfigError };

export const REPO_ROOT = resolve(API_PACKAGE_ROOT, '..', '..');

/**
 * Values of PAYMENT_GATEWAY. Only the built-in test gateway exists so far; each is built by
 * modules/payments/gateways.ts. Listed here, where the setting is read, so configuration needs no module.
 */
export const PAYMENT_GATEWAY_NAMES = ['test'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];

/** MAIL_FROM when unset; the mail transports use it too (modules/mail/transports.ts). */
export const DEFAULT_MAIL_FROM = '"Aldermoor Estate" <no-reply@aldermoor.example>';

/** PG_POOL_MAX when unset: each API process's connections to a PostgreSQL server (db/client.ts). */
export const DEFAULT_PG_POOL_MAX = 10;

/** WEB_CONCURRENCY's ceiling: each worker holds its own pool of database connections. */
export const MAX_WEB_CONCURRENCY = 64;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanText = (name: string) =>
  z
    .string()
    .transform((value, ctx) => {
      const normalised = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(normalised)) return true;
      if (['false', '0', 'no', 'off'].includes(normalised)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false (got "${value}").` });
      return z.NEVER;
    });

const urlWithProtocols = (name: string, protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    {
      message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}.`,
    },
  );

/** An absolute http(s) URL, or a path on this origin (`/…`, not `//…`). */
const scriptUrl = (name: string) =>
  z.string().refine(
    (value) => {
      if (value.startsWith('/')) return !value.startsWith('//');
      try {
        return ['https:', 'http:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `${name} must be a URL starting with https:// or a path starting with /.` },
  );

const EnvSchema = z.object({
  PORT: z
    .string()
    .default('3000')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, {
      message: 'PORT must be a whole number between 1 and 65535.',
    })
    .transform(Number),
  HOST: z.string().min(1, { message: 'HOST must not be empty.' }).default('0.0.0.0'),
  DATA_DIR: z
    .string()
    .default(resolve(REPO_ROOT, '.data'))
    .transform((v) => resolve(REPO_ROOT, v)),
  DATABASE_URL: urlWithProtocols('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  PG_POOL_MAX: z
    .string()
    .default(String(DEFAULT_PG_POOL_MAX))
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 1000, {
      message: 'PG_POOL_MAX must be a whole number of database connections per process between 1 and 1000.',
    })
    .transform(Number),
  TOKEN_PRIVATE_KEY: z
    .string()
    .refine((v) => v.includes('-----BEGIN PRIVATE KEY-----'), {
      message: 'TOKEN_PRIVATE_KEY must be an Ed25519 private key in PKCS8 PEM form (-----BEGIN PRIVATE KEY-----).',
    })
    .optional(),
  WEB_ROOT: z
    .string()
    .default(resolve(API_PACKAGE_ROOT, '..', 'web', 'build', 'client'))
    .transform((v) => resolve(REPO_ROOT, v)),
  SEED_DEMO: booleanText('SEED_DEMO').default(true),
  TRUST_PROXY: booleanText('TRUST_PROXY').default(false),
  REDIS_URL: urlWithProtocols('REDIS_URL', ['redis:', 'rediss:']).optional(),
  WEB_CONCURRENCY: z
    .string()
    .default('1')
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= MAX_WEB_CONCURRENCY, {
      message: `WEB_CONCURRENCY must be a whole number of API worker processes between 1 and ${MAX_WEB_CONCURRENCY}.`,
    })
    .transform(Number),
  TEST_GATEWAY_FINGERPRINT_KEY: z
    .string()
    .transform((v) => v.trim())
    .refine((v) => /^[A-Za-z0-9_-]{43}$/.test(v) && Buffer.from(v, 'base64url').length === 32, {
      message: 'TEST_GATEWAY_FINGERPRINT_KEY must be 32 random bytes in base64url (43 characters), as in DATA_DIR/test-gateway/fingerprint.key.',
    })
    .optional(),
  RATE_LIMIT_MAX: z
    .string()
    .default('600')
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 1, {
      message: 'RATE_LIMIT_MAX must be a whole number of requests per minute, at least 1.',
    })
    .transform(Number),
  PASSWORD_HASH_THREADS: z
    .string()
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) <= 64, {
      message: 'PASSWORD_HASH_THREADS must be a whole number of threads between 0 and 64.',
    })
    .transform(Number)
    .optional(),
  MINIMUM_AGE: z
    .string()
    .default(String(DEFAULT_MINIMUM_AGE))
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) <= 120, {
      message: 'MINIMUM_AGE must be a whole number of years between 0 and 120.',
    })
    .transform(Number),
  PAYMENT_GATEWAY: z
    .enum(PAYMENT_GATEWAY_NAMES, {
      message: `PAYMENT_GATEWAY must be one of ${PAYMENT_GATEWAY_NAMES.join(', ')}.`,
    })
    .default('test'),
  ANALYTICS_WRITE_KEY: z.string().optional(),
  ANALYTICS_SCRIPT_URL: scriptUrl('ANALYTICS_SCRIPT_URL').optional(),
  ANALYTICS_PAGE_TRACKING: booleanText('ANALYTICS_PAGE_TRACKING').default(false),
  ANALYTICS_PAGE_VIEW_DELAY_MS: z
    .string()
    .default('50')
    .refine((v) => /^-?\d+$/.test(v.trim()), {
      message: 'ANALYTICS_PAGE_VIEW_DELAY_MS must be a whole number of milliseconds.',
    })
    // Seed §1: the delay is never below 0.
    .transform((v) => Math.max(0, Number(v))),
  ROUTE_CHANGE_EVENT_NAME: z.string().default(ROUTE_CHANGE_EVENT_DEFAULT),
  ERROR_REPORTING_DSN: urlWithProtocols('ERROR_REPORTING_DSN', ['https:', 'http:']).optional(),
  ERROR_REPORTING_SCRIPT_URL: scriptUrl('ERROR_REPORTING_SCRIPT_URL').optional(),
  SMTP_URL: urlWithProtocols('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z
    .string()
    .refine((v) => /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(v.trim()), {
      message: 'MAIL_FROM must be an e-mail address, optionally with a name: "Name" <address@example.com>.',
    })
    .transform((v) => v.trim())
    .default(DEFAULT_MAIL_FROM),
  PUBLIC_URL: urlWithProtocols('PUBLIC_URL', ['https:', 'http:'])
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  MAIL_WORKER_INTERVAL_MS: z
    .string()
    .default('5000')
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 100 && Number(v) <= 3_600_000, {
      message: 'MAIL_WORKER_INTERVAL_MS must be a whole number of milliseconds between 100 and 3600000.',
    })
    .transform(Number),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS, {
    message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`,
  }).default('info'),
});

/** PUBLIC_URL is always set: its default follows PORT. */
export type Config = Omit<z.output<typeof EnvSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/** Reads the settings; empty values count as unset. Throws ConfigError naming the bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const result = EnvSchema.safeParse(input);
  if (result.success) {
    return { ...result.data, PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}` };
  }
  const sentences = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'configuration');
    return issue.message.startsWith(name) ? issue.message : `${name} is invalid: ${issue.message}`;
  });
  throw new ConfigError(`Cannot start: ${sentences.join(' ')}`);
}
