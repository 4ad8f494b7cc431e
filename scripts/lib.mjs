// Shared steps of the two quick-start commands. Node built-ins only: these run before any install.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** "12.3 s": how long a step took, as every step's line and the closing table say it. */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export function log(message) {
  console.log(`\x1b[2m[winery]\x1b[0m ${message}`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n[winery] "${command} ${args.join(' ')}" failed (exit ${status}).`);
    process.exit(status);
  }
}

/**
 * Runs a step whose output matters only when it fails (an install, a build): its output is kept,
 * and printed only then. A fresh machine's `npm start` printed some 600 lines of npm's and the
 * bundler's chatter (engine notices, every asset's size) above the address and the demo sign-ins.
 */
function runQuietlyOrExit(what, command, args) {
  log(`${what}…`);
  const started = Date.now();
  // One file for both streams, so what failed reads in the order it was written.
  const folder = mkdtempSync(join(tmpdir(), 'winery-step-'));
  const output = join(folder, 'output.log');
  const fd = openSync(output, 'w');
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const status = result.error ? 1 : (result.status ?? 1);
  const written = readFileSync(output);
  rmSync(folder, { recursive: true, force: true });
  if (status !== 0) {
    process.stdout.write(written);
    console.error(`\n[winery] ${what} failed: "${command} ${args.join(' ')}" (${result.error?.message ?? `exit ${status}`}).`);
    process.exit(status);
  }
  log(`${what}: done in ${seconds(Date.now() - started)}`);
}

const manifests = ['package-lock.json', 'package.json', 'packages/locales/package.json', 'packages/domain/package.json', 'apps/api/package.json', 'apps/web/package.json'];

/** Installs dependencies when node_modules is missing or the lockfile or a manifest changed since. */
export function ensureInstalled() {
  const hash = createHash('sha256');
  for (const file of manifests) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  const digest = hash.digest('hex');
  const stamp = join(root, 'node_modules', '.winery-install');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  // --prefer-offline: a package already in npm's cache is taken from it without asking the
  // registry whether its metadata changed (the lockfile names each tarball by its hash, so nothing
  // stale can be installed); an empty cache fetches as before. A fresh clone's install took 19-21 s
  // so against 22-28 s (four runs each, alternated).
  runQuietlyOrExit('Installing dependencies (npm ci)', npm, ['ci', '--no-audit', '--no-fund', '--prefer-offline']);
  writeFileSync(stamp, digest);
}

export function build() {
  runQuietlyOrExit('Building domain, API and web', npm, ['run', 'build']);
}

/**
 * Debian's Chromium, never a downloaded browser. CHROMIUM_PATH overrides. The headless shell
 * (package chromium-headless-shell, the build Playwright itself runs headless) comes first: the
 * same engine without the desktop browser's compositing, it ran the browser journeys with about
 * 40% less CPU than `chromium` here.
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next one
    }
  }
  return null;
}
