import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Opening PGlite and hashing with scrypt take seconds; one app per file keeps it bounded.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
