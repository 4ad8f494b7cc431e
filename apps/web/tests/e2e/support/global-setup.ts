import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** What a request to the server's fixtures routes carries (support/fixtures.ts). */
    fixturesHeaders: Record<string, string>;
  }
}

const repoRoot = new URL('../../../../../', import.meta.url).pathname;

/**
 * Analytics and error reporting configured as an operator would (runtime config, no rebuild).
 * Their scripts point at this origin's /__test-sink/, where the browser tests' server serves test
 * doubles that record every call (apps/api/src/testing/third-party-sinks.ts; what the tests read
 * of them, support/third-party-sinks.ts); nothing else is faked.
 */
export const THIRD_PARTY_ENV = {
  ANALYTICS_WRITE_KEY: 'test-key',
  ANALYTICS_SCRIPT_URL: '/__test-sink/analytics.js',
  ANALYTICS_PAGE_TRACKING: 'true',
  ROUTE_CHANGE_EVENT_NAME: 'winery-route-change',
  ERROR_REPORTING_DSN: 'https://public@errors.example/1',
  ERROR_REPORTING_SCRIPT_URL: '/__test-sink/errors.js',
} as const;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * The server runs the API from source (tsx compiles it on start): over a minute on a slow day of
 * CI's two cores. The API's own tests wait in one helper of theirs (api-process.ts's
 * waitUntilReady); this package does not import the API's test code, hence this loop of its own.
 */
const SERVER_START_MS = 120_000;

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy in ${SERVER_START_MS / 1000} s:\n${output()}`);
}

/** A running browser tests' server: where it answers, what its fixtures routes need, how to stop it. */
export interface E2eServer {
  baseURL: string;
  /** What a request to the server's fixtures routes carries (support/fixtures.ts). */
  fixturesHeaders: Record<string, string>;
  /** Everything the server printed so far. */
  output(): string;
  /** Stops it (SIGTERM, answered requests first) and removes its data; a server that died says why. */
  stop(): Promise<void>;
}

/**
 * Starts the real product (built web served by the API, on a fresh database with demo data:
 * embedded, or its own on the PostgreSQL server DATABASE_URL points at) through the browser tests'
 * own entry, apps/api/src/testing/e2e-server.ts: the same start as `npm start` plus fixtures routes,
 * which answer only requests carrying this server's own secret. `env` adds to its environment (a
 * spec's own server: WINERY_TEST_CLOCK, support/own-server.ts).
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'winery-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString('hex');
  // With DATABASE_URL (CI), the server makes a database of its own on that PostgreSQL server and
  // drops it when it stops (apps/api/src/testing/e2e-server.ts); without, embedded PGlite in dataDir.
  const { DATABASE_URL: databaseServer, ...inherited } = process.env;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/api/src/testing/e2e-server.ts')], {
    cwd: repoRoot,
    env: {
      ...inherited,
      ...THIRD_PARTY_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WINERY_TEST_FIXTURES_SECRET: secret,
      ...(databaseServer ? { WINERY_TEST_DATABASE_SERVER: databaseServer } : {}),
      // Passwords hash on Node's threadpool here, not on the API's low-priority hashing threads:
      // this server shares two cores with Chromium and the other suites, which are not the API's
      // own requests, and at nice 19 the hashes starved behind them (a password change took over
      // 30 s in CI). The pool itself is tested in the API suite and measured by bench:release-day.
      PASSWORD_HASH_THREADS: process.env.PASSWORD_HASH_THREADS ?? '0',
      // Every page of every spec reaches the server from 127.0.0.1, so the 600 requests a minute
      // one address may make (RATE_LIMIT_MAX, meant for one household's network) are shared by
      // every member and staff user the specs make: the suite sent 341-616 a minute (counted in
      // Redis, 2026-12-06), and what went past 600 was answered 429 and failed the tests that
      // asked. The limit itself is tested in the API suite (rate-limit.plugin.test.ts).
      RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX ?? '60000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    // A server that died during the run explains every failure after it: show what it said.
    if (server.exitCode !== null || server.signalCode !== null) {
      console.error(`The e2e server stopped during the run (${server.signalCode ?? `exit ${server.exitCode}`}):\n${output}`);
    } else {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    await waitForHealth(baseURL, server, () => output);
  } catch (error) {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    throw error;
  }
  return { baseURL, fixturesHeaders: { 'x-test-fixtures-secret': secret }, output: () => output, stop };
}

/** The run's shared server, for every spec file (each makes its own members on it). */
export default async function setup(project: TestProject) {
  const server = await startE2eServer();
  project.provide('baseURL', server.baseURL);
  project.provide('fixturesHeaders', server.fixturesHeaders);
  return server.stop;
}
