// `npm test`: install, build, then every suite: domain and web units, the API on embedded PGlite,
// the API again on a PostgreSQL server when DATABASE_URL is set, and the browser journeys.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, ensureInstalled, findChromium, log, root, run, runOrExit } from './lib.mjs';

ensureInstalled();
build();

let chromium = findChromium();
if (!chromium && process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  log("Installing Debian's chromium for the browser tests (apt-get)…");
  runOrExit('apt-get', ['update', '-qq']);
  runOrExit('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  chromium = findChromium();
}
if (!chromium) {
  console.error("[winery] The browser tests need Chromium: install Debian's `chromium` package (or set CHROMIUM_PATH).");
  process.exit(1);
}

const reports = mkdtempSync(join(tmpdir(), 'winery-tests-'));
const { DATABASE_URL, ...envWithoutDatabase } = process.env;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

const suites = [
  { name: 'domain (unit)', cwd: 'packages/domain', args: [] },
  { name: 'web (unit)', cwd: 'apps/web', args: ['--config', 'vitest.config.ts'] },
  { name: 'API on embedded PGlite', cwd: 'apps/api', args: [], env: envWithoutDatabase },
  ...(DATABASE_URL
    ? [{ name: 'API on PostgreSQL (DATABASE_URL)', cwd: 'apps/api', args: [], env: { ...process.env, DATABASE_URL } }]
    : []),
  {
    name: 'browser journeys (Chromium)',
    cwd: 'apps/web',
    args: ['--config', 'tests/e2e/vitest.config.ts'],
    env: { ...envWithoutDatabase, CHROMIUM_PATH: chromium },
  },
];

let passed = 0;
let failed = 0;
const failedSuites = [];
for (const [index, suite] of suites.entries()) {
  log(`Running ${suite.name}…`);
  const output = join(reports, `${index}.json`);
  const status = run(
    process.execPath,
    [vitest, 'run', ...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    { cwd: join(root, suite.cwd), env: suite.env ?? process.env },
  );
  if (existsSync(output)) {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (report.numTotalTests === 0) failedSuites.push(`${suite.name} (ran no test)`);
  }
  if (status !== 0) failedSuites.push(suite.name);
}
rmSync(reports, { recursive: true, force: true });

console.log('');
if (failedSuites.length > 0) console.log(`[winery] Failing: ${[...new Set(failedSuites)].join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSuites.length > 0 || failed > 0 ? 1 : 0);
