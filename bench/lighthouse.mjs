// `npm run bench:web`: builds the site, serves it with the real server on a fresh embedded
// database, runs Lighthouse (mobile) in Debian's Chromium over every public page, measures the
// home page's JavaScript (gzip), and writes the table to docs/performance.md (between markers).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
const HOME_JS_BUDGET_KB = 80;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

if (!process.argv.includes('--no-build')) {
  console.log('Building (canonical URLs point at the audited origin)…');
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_SITE_URL: origin },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const clientDir = join(root, 'apps/web/build/client');
const { pages } = JSON.parse(readFileSync(join(root, 'apps/web/app/content/public-pages.json'), 'utf8'));

/** JavaScript the home page loads on its own: every module script and modulepreload in its HTML. */
function homeJavaScript() {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const sources = new Set();
  for (const match of html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)) {
    sources.add(match[1]);
  }
  for (const match of html.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)) sources.add(match[1]);
  let raw = 0;
  let gzip = 0;
  for (const source of sources) {
    const path = join(clientDir, source.replace(/^\//, ''));
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: sources.size, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'winery-bench-'));
const { DATABASE_URL: _ignored, ...env } = process.env;
const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${origin}/v1/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows = [];
  try {
    for (const { path, sitemap } of pages) {
      const scores = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
      let lhr;
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(TARGETS),
        });
        lhr = result.lhr;
        for (const key of Object.keys(TARGETS)) scores[key].push(Math.round((lhr.categories[key].score ?? 0) * 100));
      }
      const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const row = {
        path,
        // Error pages are noindex on purpose, which Lighthouse's SEO category scores down.
        indexable: sitemap !== false,
        ...Object.fromEntries(Object.keys(TARGETS).map((key) => [key, median(scores[key])])),
        lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
        error: lhr.runtimeError?.message,
        failing: Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id),
      };
      rows.push(row);
      console.log(
        `${path.padEnd(26)} perf ${row.performance}  a11y ${row.accessibility}  bp ${row['best-practices']}  seo ${row.seo}` +
          `  LCP ${(row.lcp / 1000).toFixed(2)} s  CLS ${row.cls.toFixed(3)}  TBT ${Math.round(row.tbt)} ms` +
          (row.failing.length ? `  failing: ${row.failing.join(', ')}` : '') +
          (row.error ? `  error: ${row.error}` : ''),
      );
    }
  } finally {
    await chrome.kill();
  }

  const js = homeJavaScript();
  const meets = (row) =>
    Object.entries(TARGETS).every(([key, target]) => (key === 'seo' && !row.indexable) || row[key] >= target);
  const table = [
    '| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | targets |',
    '|---|---:|---:|---:|---:|---:|---:|---:|:---:|',
    ...rows.map(
      (row) =>
        `| \`${row.path}\` | ${row.performance} | ${row.accessibility} | ${row['best-practices']} | ${row.seo} | ` +
        `${(row.lcp / 1000).toFixed(2)} s | ${row.cls.toFixed(3)} | ${Math.round(row.tbt)} ms | ${meets(row) ? (row.indexable ? 'met' : 'met (noindex)') : '**missed**'} |`,
    ),
  ].join('\n');
  const chromium = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const section = [
    '<!-- lighthouse:start -->',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:web\`: Lighthouse ${lighthouseVersion()} (mobile, simulated throttling), ${chromium}, ${runs} run(s) per page (median), on this project's 2-core machine.`,
    '',
    `Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}, SEO ${TARGETS.seo} (on indexable pages: the error pages are noindex by design, which the SEO category counts against them).`,
    '',
    table,
    '',
    `Home page JavaScript: ${js.files} files, ${js.rawKb.toFixed(1)} KB raw, **${js.gzipKb.toFixed(1)} KB gzip** (budget ${HOME_JS_BUDGET_KB} KB gzip: ${js.gzipKb <= HOME_JS_BUDGET_KB ? 'met' : '**missed**'}).`,
    '<!-- lighthouse:end -->',
  ].join('\n');
  writeSection(section);
  console.log(`\nHome page JS: ${js.gzipKb.toFixed(1)} KB gzip over ${js.files} files. Written to docs/performance.md.`);
  const allMet = rows.every(meets) && js.gzipKb <= HOME_JS_BUDGET_KB;
  process.exitCode = allMet ? 0 : 2;
} finally {
  stop();
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
}

function writeSection(section) {
  const file = join(root, 'docs/performance.md');
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Performance\n\nMeasured, never assumed: each section is written by a script under `bench/`.\n\n## Public pages (Lighthouse)\n\n<!-- lighthouse:start -->\n<!-- lighthouse:end -->\n';
  const next = current.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, section);
  writeFileSync(file, next);
}
