import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Migrates one database for the run; each file copies it (src/testing/test-database.ts).
    globalSetup: ['src/testing/test-database.setup.ts'],
    // Cheap password hashes under test; production's cost is asserted in password.service.test.ts.
    setupFiles: ['src/testing/vitest-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
