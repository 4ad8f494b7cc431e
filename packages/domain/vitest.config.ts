import { defineConfig } from 'vitest/config';

// Pure functions and schemas, nothing mocked: files share a worker's loaded modules
// (isolate: false), 10 s -> 2.4 s on this 2-core machine.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], isolate: false },
});
