import { defineConfig } from 'vitest/config';
import DemoDataChangesLast from './support/sequencer';

// Browser journeys: one server (built web + API + fresh embedded database) for the whole run,
// one Chromium per file, files one after another (the machine has two cores).
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    // offering.e2e.ts places an order that changes a demo member's state: it runs last.
    sequence: { sequencer: DemoDataChangesLast },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
