// The built API (apps/api/dist/server.js) as a child process for the benches: started on a port
// of its own with the environment given, waited for until /v1/health answers, stopped with
// SIGTERM (SIGKILL after 5 s), and an HTTP client that speaks for a member from an address of
// their own (X-Forwarded-For, read when the API runs with TRUST_PROXY=true).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root, freePort, fail } from './in-process-api.mjs';
import { sleep } from './measure.mjs';
import { makeCpuCap } from './cpu-cap.mjs';

// BENCH_SERVER_JS: another build's server.js (e.g. a copy of apps/api/dist made before a change, kept
// beside it so it finds the same packages and migrations), to compare two builds on one machine.
export const serverJs = process.env.BENCH_SERVER_JS ?? join(root, 'apps/api/dist/server.js');

/** Exits with a sentence when the API is not built, or built from older sources than the checkout's. */
export function requireFreshBuild() {
  const newest = (dir, keep) => {
    let latest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) latest = Math.max(latest, newest(path, keep));
      else if (keep(path)) latest = Math.max(latest, statSync(path).mtimeMs);
    }
    return latest;
  };
  if (!existsSync(serverJs)) fail('The API is not built: run `npm run build` first.');
  // tsc -b rewrites only what changed, so each package's newest output must be newer than its newest source.
  for (const pkg of ['packages/domain', 'apps/api']) {
    const sourceTime = newest(join(root, pkg, 'src'), (p) => p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.includes('/testing/'));
    const builtTime = existsSync(join(root, pkg, 'dist')) ? newest(join(root, pkg, 'dist'), (p) => p.endsWith('.js')) : 0;
    if (sourceTime > builtTime + 1000) {
      const problem = `${pkg}/dist is older than its sources`;
      // BENCH_STALE_OK=1: measure the build as it is (others may be editing the checkout meanwhile).
      if (process.env.BENCH_STALE_OK) console.warn(`[bench] ${problem}: measuring the build as it is (BENCH_STALE_OK).`);
      else fail(`${problem}: run \`npm run build\` first, so the bench measures this code (BENCH_STALE_OK=1 measures the build as it is).`);
    }
  }
}

/** Whether the built API knows a setting (e.g. WEB_CONCURRENCY), read from its compiled env.js. */
export function builtApiKnows(variable) {
  const envJs = join(root, 'apps/api/dist/env.js');
  return existsSync(envJs) && readFileSync(envJs, 'utf8').includes(variable);
}

/**
 * Starts one API server (one process, or a cluster's primary and workers when the environment
 * sets WEB_CONCURRENCY) and waits until it answers. `name` labels its log file and messages.
 * `cpuShare` (e.g. 0.25): the server and everything it starts may use that share of one core
 * (bench/lib/cpu-cap.mjs), as an instance in a container of that size would.
 */
export async function startApi({ name, env, logDir, cpuShare }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logPath = join(logDir, `api-${name}.log`);
  const log = openSync(logPath, 'a');
  // BENCH_CPU_PROF=<folder>: each instance writes a V8 CPU profile there when it stops (`node --cpu-prof`).
  // One folder per instance: its main thread and each worker thread (hashing, cluster workers) write their own file.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, name)}`] : [];
  const cap = cpuShare ? makeCpuCap(name, cpuShare) : null;
  // Capped: a shell enters the group, then becomes the server (exec), so nothing runs outside it.
  const [command, args] = cap
    ? ['/bin/sh', ['-c', 'echo $$ > "$1" && shift && exec "$@"', 'sh', cap.procs, process.execPath, ...profile, serverJs]]
    : [process.execPath, [...profile, serverJs]];
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let exited = false;
  child.once('exit', (code, signal) => {
    exited = true;
    void cap?.remove();
    if (code !== null && code !== 0) console.error(`[bench] the API "${name}" exited with code ${code}${signal ? ` (${signal})` : ''}`);
  });
  for (let tries = 0; ; tries += 1) {
    if (exited) throw new Error(`the API "${name}" did not start; its log:\n${lastLines(logPath)}`);
    try {
      const response = await fetch(`${origin}/v1/health`, { headers: { tenant: 'bench' } });
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (tries > 900) throw new Error(`the API "${name}" did not answer within 90 s; its log:\n${lastLines(logPath)}`);
    await sleep(100);
  }
  return {
    name,
    origin,
    pid: child.pid,
    logPath,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(5000)]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

export function lastLines(path, count = 30) {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').slice(-count).join('\n') : '(no log)';
}

/** A private address for member number `n` (10.0.0.0/8): each member comes from one of their own. */
export const memberIp = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * `call(origin, method, path, { token, body, ip })`: one request as the tenant `tenant`, from
 * `ip`; answers the status, the parsed body and the time it took.
 *
 * Through `node:http` on kept-alive connections, not `fetch`: the load generator shares the
 * machine's cores with the API and PostgreSQL, and undici's fetch cost it about 0.3 ms of CPU a
 * request against 0.06 ms for `http.request` (measured side by side against one server, 200 in
 * flight). What the bench measures is the API; its client should take as little as it can.
 */
export function apiClient(tenant) {
  const agent = new http.Agent({ keepAlive: true });
  return function call(origin, method, path, { token, body, ip } = {}) {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const { hostname, port } = new URL(origin);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: hostname,
          port,
          path,
          method,
          agent,
          // Given up after two minutes without a byte, as fetch's AbortSignal.timeout was.
          timeout: 120_000,
          headers: {
            tenant,
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(token ? { authorization: token } : {}),
            ...(ip ? { 'x-forwarded-for': ip } : {}),
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = { raw: text.slice(0, 200) };
            }
            resolve({ status: response.statusCode, body: parsed, ms: performance.now() - started });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer within 120 s`)));
      request.on('error', reject);
      request.end(payload);
    });
  };
}
