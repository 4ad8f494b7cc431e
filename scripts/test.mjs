// `npm test`: install, build, then every suite: domain and web units, the API on embedded PGlite,
// the API again on a PostgreSQL server when DATABASE_URL is set, and the browser journeys. Ends
// with the time each step took and the total. `--with-checks` (CI) adds lint and the type checks.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, findChromium, log, root, runOrExit, seconds } from './lib.mjs';
import { runLanes } from './suites.mjs';

const started = Date.now();
ensureInstalled();

let chromium = findChromium();
if (!chromium && process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  log("Installing Debian's Chromium headless shell for the browser tests (apt-get)…");
  runOrExit('apt-get', ['update', '-qq']);
  runOrExit('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  chromium = findChromium();
}
if (!chromium) {
  console.error("[winery] The browser tests need Chromium: install Debian's `chromium-headless-shell` or `chromium` package (or set CHROMIUM_PATH).");
  process.exit(1);
}
log(`Browser tests in ${chromium}`);
const prepared = Date.now();

const reports = mkdtempSync(join(tmpdir(), 'winery-tests-'));
const { DATABASE_URL, ...envWithoutDatabase } = process.env;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

const script = (name, args, options = {}) => ({ name, command: npm, args: ['run', ...args], cwd: root, env: process.env, showOutput: false, ...options });
let reportCount = 0;
const suite = (name, cwd, args, { env = process.env, after = [] } = {}) => {
  const output = join(reports, `${(reportCount += 1)}.json`);
  return {
    name,
    suite: true,
    command: process.execPath,
    args: [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    cwd: join(root, cwd),
    env,
    after,
    report() {
      if (!existsSync(output)) return null;
      const report = JSON.parse(readFileSync(output, 'utf8'));
      // Which tests failed, by file and name, with the first line of why: the summary at the end is
      // what a CI log keeps when the suites' own output is cut.
      const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 240) ?? '';
      const failures = report.testResults.flatMap((file) => {
        const where = file.name.replace(`${root}/`, '');
        const tests = file.assertionResults.filter((test) => test.status === 'failed');
        if (tests.length === 0) return file.status === 'failed' ? [{ where, why: firstLine(file.message) }] : [];
        // A timeout's stack is vitest's own placeholder error: its JSON keeps no message for it.
        const why = (test) => firstLine(test.failureMessages?.[0]).replace(/^Error: STACK_TRACE_ERROR$/, 'timed out');
        return tests.map((test) => ({ where: `${where} > ${test.fullName}`, why: why(test) }));
      });
      // The slowest files, for whoever makes the run faster: where its minutes go, from the same report.
      const slowest = report.testResults
        .map((file) => ({ where: file.name.replace(`${root}/`, ''), ms: (file.endTime ?? 0) - (file.startTime ?? 0) }))
        .filter((file) => file.ms > 0)
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5);
      return { passed: report.numPassedTests, failed: report.numFailedTests, total: report.numTotalTests, failures, slowest };
    },
  };
};

// What each step needs: the domain's build for everything that imports it, the API's build for
// the API suite (some of its tests start dist/server.js), the web build for the browser journeys
// (their server runs the API from source). The lanes run side by side: the browser journeys spend
// much of their time waiting on Chromium while the API suites keep the cores busy.
const domain = script('build: domain', ['build', '-w', 'packages/domain']);
const api = script('build: API', ['build', '-w', 'apps/api'], { after: [domain.name] });
const web = script('build: web', ['build', '-w', 'apps/web'], { after: [domain.name] });
const browserLane = [
  domain,
  web,
  // With DATABASE_URL their server runs on a database of its own on that server (dropped after):
  // native PostgreSQL instead of PGlite's WebAssembly in the server's process, a third of its CPU.
  suite('browser journeys (Chromium)', 'apps/web', ['--config', 'tests/e2e/vitest.config.ts'], {
    env: { ...process.env, CHROMIUM_PATH: chromium },
    after: [web.name],
  }),
];
const units = [
  suite('domain (unit)', 'packages/domain', [], { after: [domain.name] }),
  suite('web (unit)', 'apps/web', ['--config', 'vitest.config.ts'], { after: [domain.name] }),
];
// With --with-checks the unit suites run in the checks lane (lint, units, type checks: about two
// minutes) instead of ahead of the API suite on PGlite.
const withChecks = process.argv.includes('--with-checks');
const apiLane = [
  api,
  ...(withChecks ? [] : units),
  suite('API on embedded PGlite', 'apps/api', [], { env: envWithoutDatabase, after: [api.name] }),
];
// The API suite on the PostgreSQL server has a lane of its own, started once the API is built:
// behind the PGlite suite or the checks it ended the run alone on one core while the other lanes
// had finished (CI, 2026-12-06: the checks and it 757 s of a 792 s run, the browser lane 705 s).
const serverLane = DATABASE_URL ? [suite('API on PostgreSQL (DATABASE_URL)', 'apps/api', [], { env: { ...process.env, DATABASE_URL }, after: [api.name] })] : [];
// The gates a reviewer runs (CI): lint reads sources only; the type checks wait for both builds,
// whose outputs and generated route types they read.
const checksLane = withChecks
  ? [script('lint', ['lint'], { showOutput: true }), ...units, script('typecheck', ['typecheck'], { showOutput: true, after: [api.name, web.name] })]
  : [];

const lanes = process.env.TEST_LANES === '1' ? [[...browserLane, ...apiLane, ...serverLane, ...checksLane]] : [browserLane, apiLane, serverLane, checksLane].filter((lane) => lane.length > 0);
const results = await runLanes(lanes);
rmSync(reports, { recursive: true, force: true });

let passed = 0;
let failed = 0;
const failing = [];
const row = (name, tests, time) => console.log(`${name.padEnd(36)} ${String(tests).padStart(6)} ${time.padStart(9)}`);
console.log('');
row('step', 'tests', 'time');
row('install, Chromium check', '', seconds(prepared - started));
for (const [index, result] of results.entries()) {
  const counts = result.report;
  passed += counts?.passed ?? 0;
  failed += counts?.failed ?? 0;
  if (lanes.flat()[index].suite && counts?.total === 0) failing.push(`${result.name} (ran no test)`);
  if (result.status !== 0) failing.push(result.status === null ? `${result.name} (not run)` : result.name);
  row(result.name, counts?.total ?? '', result.status === null ? 'not run' : seconds(result.ms));
}
row(`total${lanes.length > 1 ? ` (${lanes.length} lanes side by side)` : ''}`, passed + failed, seconds(Date.now() - started));
console.log('');
const slow = results.filter((result) => result.report?.slowest?.length);
if (slow.length > 0) {
  console.log('Slowest test files (time from their first test to their last, lanes running beside them):');
  for (const result of slow) {
    console.log(`  ${result.name}: ${result.report.slowest.map(({ where, ms }) => `${where.replace(/^.*\/(?=[^/]+$)/, '')} ${seconds(ms)}`).join(', ')}`);
  }
  console.log('');
}
for (const { where, why } of results.flatMap((result) => result.report?.failures ?? [])) {
  console.log(`[winery] FAILED ${where}${why ? `\n         ${why}` : ''}`);
}
if (failing.length > 0) console.log(`[winery] Failing: ${[...new Set(failing)].join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failing.length > 0 || failed > 0 ? 1 : 0);
