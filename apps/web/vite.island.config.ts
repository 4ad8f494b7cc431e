import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The public pages' own scripts, built after `react-router build` into the same folder;
 * scripts/islands.mjs then points the prerendered pages at them. Two builds (Vite environments,
 * both run by `vite build` because `builder` is set):
 *
 * - `client`: the brochure pages' script (ADR 006). A member's token is read by a module of its
 *   own (jose's decodeJwt), which only a browser holding a token fetches: the page names it in the
 *   script's `data-token-claims`, and the script imports it by that URL, so no loader for lazy
 *   chunks enters the script every visitor downloads.
 * - `forms`: the script of the public pages with a form (ADR 023), the brochure's behaviour plus,
 *   after the first frame, the page's own island: its content hydrated with React and the same
 *   components as the app. In this build four libraries resolve to lean stand-ins in
 *   app/island/runtime/ that do what these pages use of them: react-router (links and page loads
 *   that hand over their state), i18next and react-i18next (the same texts), sonner (fetched with
 *   the first toast). The build fails if the app's libraries reach it anyway.
 */

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const STAND_INS: Record<string, string> = {
  'react-router': at('./app/island/runtime/react-router.tsx'),
  i18next: at('./app/island/runtime/i18next.ts'),
  'react-i18next': at('./app/island/runtime/react-i18next.ts'),
  sonner: at('./app/island/runtime/sonner.ts'),
};
/** The modules that draw real toasts: they get the real sonner, in the chunk the first toast fetches. */
const REAL_SONNER_IMPORTERS = [at('./app/island/runtime/toaster.tsx'), at('./app/components/toaster.tsx')];
/**
 * lib/i18n.ts imports the texts whole. The brochure's code in the same script imports two small
 * parts of common.json; a module of its own for the whole keeps the texts in the chunks fetched
 * after the first frame, not in the script every page loads at once.
 */
const I18N_MODULE = at('./app/lib/i18n.ts');
const TEXTS = /^@winery\/locales\/.+\.json$/;
const ISLAND_TEXTS = '\0island-texts:';
/** Never in a form island: the app's router, query cache and i18n library. */
const FORBIDDEN = /\/node_modules\/(?:react-router|@tanstack|i18next|react-i18next)\//;
/** Only in a chunk fetched on demand (the first toast), never in what a page loads at once. */
const ON_DEMAND_ONLY = /\/node_modules\/sonner\//;

function formIslandRuntime(): Plugin {
  return {
    name: 'winery:form-island-runtime',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'forms',
    async resolveId(source, importer) {
      if (importer === I18N_MODULE && TEXTS.test(source)) {
        const texts = await this.resolve(source, importer, { skipSelf: true });
        return texts ? `${ISLAND_TEXTS}${texts.id}.js` : null;
      }
      const standIn = STAND_INS[source];
      if (!standIn) return null;
      if (source === 'sonner' && importer && REAL_SONNER_IMPORTERS.includes(importer)) return null;
      return standIn;
    },
    load(id) {
      if (!id.startsWith(ISLAND_TEXTS)) return null;
      return `export default ${readFileSync(id.slice(ISLAND_TEXTS.length, -'.js'.length), 'utf8')};`;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      for (const chunk of chunks) {
        const forbidden = Object.keys(chunk.modules).find((id) => FORBIDDEN.test(id));
        if (forbidden) this.error(`A form island bundles ${forbidden}: the app's libraries must not reach the public pages' islands`);
      }
      // What a page loads at once: the entry and everything it imports statically.
      const atOnce = new Set<string>();
      const visit = (file: string) => {
        if (atOnce.has(file)) return;
        atOnce.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      for (const file of atOnce) {
        const onDemand = Object.keys(byFile.get(file)?.modules ?? {}).find((id) => ON_DEMAND_ONLY.test(id));
        if (onDemand) this.error(`${onDemand} is loaded with the form pages' script; it belongs to the chunk the first toast fetches`);
      }
    },
  };
}

export default defineConfig({
  publicDir: false,
  builder: {},
  plugins: [formIslandRuntime()],
  environments: {
    client: {
      build: {
        outDir: 'build/client',
        emptyOutDir: false,
        manifest: 'island-manifest.json',
        modulePreload: false,
        rollupOptions: {
          input: { 'brochure-island': 'app/island/brochure-island.ts', 'token-claims': 'app/lib/session/token-claims.ts' },
          // token-claims is imported by URL, for its export.
          preserveEntrySignatures: 'exports-only',
        },
      },
    },
    forms: {
      consumer: 'client',
      build: {
        outDir: 'build/client',
        emptyOutDir: false,
        manifest: 'form-island-manifest.json',
        modulePreload: false,
        rollupOptions: {
          input: { 'form-island': 'app/island/form-island.ts' },
        },
      },
    },
  },
});
