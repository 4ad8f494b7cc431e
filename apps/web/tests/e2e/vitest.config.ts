import { defineConfig } from 'vitest/config';

// Browser journeys: one server (built web + API + fresh embedded database) for the whole run,
// one Chromium per file, files one after another (the machine has two cores).
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
