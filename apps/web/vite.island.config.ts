import { defineConfig } from 'vite';

/**
 * The brochure pages' own script (ADR 006), built after `react-router build` into the same
 * folder. scripts/islands.mjs then points the prerendered brochure pages at it.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    manifest: 'island-manifest.json',
    modulePreload: false,
    rollupOptions: {
      input: { 'brochure-island': 'app/island/brochure-island.ts' },
    },
  },
});
