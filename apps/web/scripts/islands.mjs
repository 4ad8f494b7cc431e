// After `react-router build` and the islands' build (vite.island.config.ts): the public pages keep
// their prerendered HTML but drop React Router's hydration scripts and module preloads. Brochure
// pages (public-pages.json entries with "island": true) get the one small brochure script (ADR 006);
// pages with a form ("form": "<island>") get the form pages' script, which hydrates the page's
// content with that island after the first frame (ADR 023). The members' pages are untouched.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const webRoot = new URL('..', import.meta.url).pathname;
const client = join(webRoot, 'build/client');

function readManifest(name) {
  const path = join(client, name);
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  rmSync(path);
  return manifest;
}
const entryNamed = (manifest, name) => {
  const chunk = Object.values(manifest).find((candidate) => candidate.isEntry && candidate.name === name);
  if (!chunk) throw new Error(`The islands' build has no ${name} entry`);
  return chunk;
};
const manifest = readManifest('island-manifest.json');
const entry = entryNamed(manifest, 'brochure-island');
const claims = entryNamed(manifest, 'token-claims');
const formManifest = readManifest('form-island-manifest.json');
const formEntry = entryNamed(formManifest, 'form-island');
/** The islands the form pages' script can load: app/island/pages/<name>.tsx, each a chunk of its own. */
const formIslands = new Set(
  (formEntry.dynamicImports ?? []).map((key) => /^app\/island\/pages\/(.+)\.tsx$/.exec(key)?.[1]).filter(Boolean),
);
/** A chunk's key and every chunk it imports statically, in the form build's manifest. */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of formManifest[key]?.imports ?? []) staticClosure(imported, into);
  return into;
}
const loadedAtOnce = staticClosure(Object.keys(formManifest).find((key) => formManifest[key] === formEntry));
/** The files an island needs beyond what the page loads at once: what the page prefetches for it. */
const islandChunks = (form) =>
  [...staticClosure(`app/island/pages/${form}.tsx`)].filter((key) => !loadedAtOnce.has(key)).map((key) => `/${formManifest[key].file}`);

const { pages } = JSON.parse(readFileSync(join(webRoot, 'app/content/public-pages.json'), 'utf8'));
/** Our own inline head scripts, which every page needs before first paint. */
const KEEP = [/^globalThis\.__zod_globalConfig=/, /^\(function\(\)\{try\{var k=/];

/**
 * A public page that keeps the app is painted before the app is fetched: its module preloads go,
 * and React Router's boot module waits for the first frame before it imports the app. The HTML is
 * complete, so the visitor reads it at once; the form's button stays disabled until the app has
 * hydrated. The boot module stays an inline script of the page, so the server can admit it by its
 * hash (no 'unsafe-inline'): its static imports, which a browser would fetch at once, become
 * dynamic imports after the frame. With `orElse`, the app boots only in a browser that keeps no
 * storage (the head script marks <html data-no-storage>); every other browser runs `orElse`.
 */
function hydrateAfterFirstPaint(html, path, { orElse, attributes = '' } = {}) {
  let deferred = 0;
  const next = html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script type="module" async="">([\s\S]*?)<\/script>/, (_, body) => {
      deferred += 1;
      const boot = importAfterFirstFrame(body, path);
      const code = orElse ? `if(document.documentElement.hasAttribute("data-no-storage")){${boot}}else{${orElse}}` : boot;
      return `<script type="module"${attributes}>${code}</script>`;
    });
  if (deferred !== 1) throw new Error(`${path}: expected one React Router boot module, found ${deferred}`);
  return next;
}

/** A module script's first statement that lets the page paint before anything is fetched. */
const AFTER_FIRST_FRAME = 'await new Promise(function(r){requestAnimationFrame(function(){setTimeout(r,0)})});';

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
    AFTER_FIRST_FRAME +
    `const [${names.join(',')}]=await Promise.all([${specifiers.join(',')}]);` +
    rest.trim()
  );
}

/** Drops React Router's scripts and preloads, keeping our own head scripts; adds `script`. */
function withoutTheApp(html, path, script) {
  const next = html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script\b[^>]*>([\s\S]*?)<\/script>/g, (tag, body) => (KEEP.some((keep) => keep.test(body)) ? tag : ''))
    // React's streaming placeholders held only the scripts removed above.
    .replace(/<div hidden id="S:\d+"><\/div>/g, '')
    .replace(/<!--\$\?--><template id="B:\d+"><\/template><!--\/\$-->/g, '')
    .replace('</body>', `${script}</body>`);
  if (/__reactRouter/.test(next)) throw new Error(`${path}: React Router scripts left after rewriting`);
  return next;
}

let rewritten = 0;
let forms = 0;
let deferred = 0;
for (const { path, island, form, appWithoutStorage } of pages) {
  const file = join(client, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
  if (!existsSync(file)) throw new Error(`No prerendered page for ${path}`);
  const html = readFileSync(file, 'utf8');
  if (island) {
    writeFileSync(file, withoutTheApp(html, path, `<script type="module" src="/${entry.file}" data-token-claims="/${claims.file}"></script>`));
    rewritten += 1;
  } else if (form) {
    if (!formIslands.has(form)) throw new Error(`${path}: no form island named ${form} (app/island/pages/${form}.tsx, loaded by form-island.ts)`);
    const attributes = ` data-token-claims="/${claims.file}" data-form="${form}" data-form-chunks="${islandChunks(form).join(' ')}"`;
    // Imported after the first frame by an inline module rather than named in `src`: the page is
    // painted before its script is even asked for.
    const formScript = `${AFTER_FIRST_FRAME}import("/${formEntry.file}");`;
    writeFileSync(
      file,
      appWithoutStorage
        ? hydrateAfterFirstPaint(html, path, { orElse: formScript, attributes })
        : withoutTheApp(html, path, `<script type="module"${attributes}>${formScript}</script>`),
    );
    forms += 1;
  } else {
    writeFileSync(file, hydrateAfterFirstPaint(html, path));
    deferred += 1;
  }
}
console.log(
  `islands: ${rewritten} brochure pages use /${entry.file}; ${forms} form pages use /${formEntry.file}; ${deferred} app page(s) hydrate after first paint`,
);
