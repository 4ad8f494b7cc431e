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
const claims = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.name === 'token-claims');
if (!claims) throw new Error('The island build has no token-claims entry');
rmSync(manifestPath);

const { pages } = JSON.parse(readFileSync(join(webRoot, 'app/content/public-pages.json'), 'utf8'));
/** Our own inline head scripts, which every page needs before first paint. */
const KEEP = [/^globalThis\.__zod_globalConfig=/, /^\(function\(\)\{try\{var k=/];

/**
 * A public page that keeps the app (the login page) is painted before the app is fetched: its
 * module preloads go, and React Router's boot module waits for the first frame before it imports
 * the app. The HTML is complete, so the visitor reads it at once; the form's button stays disabled
 * until the app has hydrated. The boot module stays an inline script of the page, so the server
 * can admit it by its hash (no 'unsafe-inline'): its static imports, which a browser would fetch
 * at once, become dynamic imports after the frame.
 */
function hydrateAfterFirstPaint(html, path) {
  let deferred = 0;
  const next = html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script type="module" async="">([\s\S]*?)<\/script>/, (_, body) => {
      deferred += 1;
      return `<script type="module">${importAfterFirstFrame(body, path)}</script>`;
    });
  if (deferred !== 1) throw new Error(`${path}: expected one React Router boot module, found ${deferred}`);
  return next;
}

/** `import "m";` and `import * as name from "m";`, the only forms React Router's boot module uses. */
const STATIC_IMPORT = /^[ \t]*import\s+(?:\*\s+as\s+([\w$]+)\s+from\s+)?("[^"\\]+");[ \t]*$/gm;

function importAfterFirstFrame(body, path) {
  const names = [];
  const specifiers = [];
  const rest = body.replace(STATIC_IMPORT, (_, name, specifier) => {
    names.push(name ?? '');
    specifiers.push(`import(${specifier})`);
    return '';
  });
  if (specifiers.length === 0 || /^\s*(import|export)\s+[^(\s]/m.test(rest)) {
    throw new Error(`${path}: React Router's boot module has a form this build step does not know`);
  }
  // Fetched together, as the static imports were; entry.client runs after all of them, as before.
  return (
    'await new Promise(function(r){requestAnimationFrame(function(){setTimeout(r,0)})});' +
    `const [${names.join(',')}]=await Promise.all([${specifiers.join(',')}]);` +
    rest.trim()
  );
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
    .replace('</body>', `<script type="module" src="/${entry.file}" data-token-claims="/${claims.file}"></script></body>`);
  if (/__reactRouter/.test(html)) throw new Error(`${path}: React Router scripts left after rewriting`);
  writeFileSync(file, html);
  rewritten += 1;
}
console.log(`islands: ${rewritten} brochure pages use /${entry.file}; ${deferred} app page(s) hydrate after first paint`);
