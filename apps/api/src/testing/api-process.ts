import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * The real API as a separate process, for tests that must do what `app.inject` cannot: kill the
 * server (SIGKILL) in the middle of its work and start it again on the same database.
 */

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_JS = join(REPO_ROOT, 'apps/api/dist/server.js');

/**
 * Fails unless the built server is there. `npm test` builds before it runs the suites; run alone,
 * build first (`npm run build -w packages/domain && npm run build -w apps/api`), or the test runs
 * the last build. (Modification times cannot tell: tsc leaves an output alone when its source was
 * touched but compiles to the same code.)
 */
export function assertApiBuilt(): void {
  if (!existsSync(SERVER_JS)) throw new Error('apps/api/dist/server.js is missing: run `npm run build -w packages/domain && npm run build -w apps/api`.');
}

// One way to make a server database, for in-process tests and for a spawned API alike.
export { createServerDatabase, type ServerDatabase } from './test-database.js';

export const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });

export interface ApiProcess {
  origin: string;
  child: ChildProcess;
  /** SIGKILL, as a crash or an out-of-memory kill would: no shutdown hook runs. Resolves once it is gone. */
  kill(): Promise<void>;
}

/**
 * How long a test waits for a process it started to be ready. A start on embedded PGlite took
 * over 60 s on a slow day of CI's two cores (three suites side by side), hence 90 s: one limit for
 * every process the API's tests start, set here.
 */
export const PROCESS_START_MS = 90_000;

/** Whether the API at `origin` answers its health check (false while it is not listening yet). */
export const answersHealth = (origin: string) => async (): Promise<boolean> => (await fetch(`${origin}/v1/health`).catch(() => null))?.status === 200;

/**
 * Waits until `ready()` holds for a process a test started. Fails at once if the process exits,
 * and after `timeoutMs` (killing it, so no test leaves one behind), each time with what it printed.
 */
export async function waitUntilReady(
  child: ChildProcess,
  ready: () => boolean | Promise<boolean>,
  { output, timeoutMs = PROCESS_START_MS }: { output: () => string; timeoutMs?: number },
): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the process ended before it was ready:\n${output()}`);
    if (await ready()) return;
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the process was not ready within ${timeoutMs} ms:\n${output()}`);
    }
    await sleep(50);
  }
}

/**
 * Starts `node apps/api/dist/server.js` with `env` (on top of this process's PATH and HOME only)
 * and resolves once /v1/health answers. Its output goes to `logPath`, shown when it fails to start.
 */
export async function startApi(env: Record<string, string>, logPath: string, timeoutMs = PROCESS_START_MS): Promise<ApiProcess> {
  const port = env.PORT ?? String(await freePort());
  const log = openSync(logPath, 'a');
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: REPO_ROOT,
    stdio: ['ignore', log, log],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', ...env, PORT: port },
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, answersHealth(origin), { output: () => readFileSync(logPath, 'utf8'), timeoutMs });
  return {
    origin,
    child,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
