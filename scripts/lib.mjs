// Shared steps of the two quick-start commands. Node built-ins only: these run before any install.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, accessSync, constants } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

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
  log('Installing dependencies (npm ci)…');
  // --prefer-offline: a package already in npm's cache is taken from it without asking the
  // registry whether its metadata changed (the lockfile names each tarball by its hash, so nothing
  // stale can be installed); an empty cache fetches as before. A fresh clone's install took 19-21 s
  // so against 22-28 s (four runs each, alternated).
  runOrExit(npm, ['ci', '--no-audit', '--no-fund', '--prefer-offline']);
  writeFileSync(stamp, digest);
}

export function build() {
  log('Building domain, API and web…');
  runOrExit(npm, ['run', 'build']);
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
