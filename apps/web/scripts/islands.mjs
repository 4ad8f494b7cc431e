// After `react-router build` and the island build: the brochure pages (public-pages.json entries
// with "island": true) keep their prerendered HTML but drop React Router's hydration scripts and
// module preloads for the one small brochure script (ADR 006). The members' pages are untouched.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const webRoot = new URL('..', import.meta.url).pathname;
const client = join(webRoot, 'build/client');
const manifestPath = join(client, 'island-manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.name === 'brochure-island');
if (!entry) throw new Error('The island build has no brochure-island entry');
rmSync(manifestPath);

const { pages } = JSON.parse(readFileSync(join(webRoot, 'app/content/public-pages.json'), 'utf8'));
/** Our own inline head scripts, which every page needs before first paint. */
const KEEP = [/^globalThis\.__zod_globalConfig=/, /^\(function\(\)\{try\{var k=/];

/**
 * A public page that keeps the app (the login page) is painted before the app is fetched: its
 * module preloads go, and the inline module that boots React Router is added to the page only
 * after the first frame. The HTML is complete, so the visitor reads it at once; the form's button
 * stays disabled until the app has hydrated.
 */
function hydrateAfterFirstPaint(html, path) {
  let deferred = 0;
  const next = html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script type="module" async="">([\s\S]*?)<\/script>/, (_, body) => {
      deferred += 1;
      const source = JSON.stringify(body).replace(/</g, '\\u003c');
      return `<script>requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement("script");s.type="module";s.textContent=${source};document.body.appendChild(s)},0)})</script>`;
    });
  if (deferred !== 1) throw new Error(`${path}: expected one React Router boot module, found ${deferred}`);
  return next;
}

let rewritten = 0;
let deferred = 0;
for (const { path, island } of pages) {
  const file = join(client, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
  if (!existsSync(file)) throw new Error(`No prerendered page for ${path}`);
  if (!island) {
    writeFileSync(file, hydrateAfterFirstPaint(readFileSync(file, 'utf8'), path));
    deferred += 1;
    continue;
  }
  let html = readFileSync(file, 'utf8');
  html = html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script\b[^>]*>([\s\S]*?)<\/script>/g, (tag, body) => (KEEP.some((keep) => keep.test(body)) ? tag : ''))
    // React's streaming placeholders held only the scripts removed above.
    .replace(/<div hidden id="S:\d+"><\/div>/g, '')
    .replace(/<!--\$\?--><template id="B:\d+"><\/template><!--\/\$-->/g, '')
    .replace('</body>', `<script type="module" src="/${entry.file}"></script></body>`);
  if (/__reactRouter/.test(html)) throw new Error(`${path}: React Router scripts left after rewriting`);
  writeFileSync(file, html);
  rewritten += 1;
}
console.log(`islands: ${rewritten} brochure pages use /${entry.file}; ${deferred} app page(s) hydrate after first paint`);
