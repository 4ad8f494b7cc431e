import { defineConfig } from 'vite';

/**
 * The brochure pages' own script (ADR 006), built after `react-router build` into the same
 * folder. scripts/islands.mjs then points the prerendered brochure pages at it. A member's token
 * is read by a module of its own (jose's decodeJwt), which only a browser holding a token fetches:
 * the page names it in the script's `data-token-claims`, and the script imports it by that URL, so
 * no loader for lazy chunks enters the script every visitor downloads.
 */
export default defineConfig({
  publicDir: false,
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
});
