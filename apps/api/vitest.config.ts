import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Migrates one database for the run; each file gets an empty copy (src/testing/test-database.ts).
    globalSetup: ['src/testing/test-database.setup.ts'],
    // Cheap password hashes under test; production's cost is asserted in password.service.test.ts.
    setupFiles: ['src/testing/vitest-setup.ts'],
    // Files share a worker's loaded modules instead of loading the app afresh for each one: on
    // this 2-core machine 166 s -> 80 s on PGlite. Every file still builds its own app on an
    // empty database (createTestApp); no test may rely on module state another file left (none
    // mocks modules; password.service.test.ts reloads the one module it needs fresh).
    isolate: false,
    // Several tests start servers or hash passwords at production cost; while CI runs three suites
    // on two cores they took up to 30 s, and up to 60 s on a slow day of the same machine (a CI run
    // 2.5 times slower than usual). One limit for all, above the slowest seen; a test that hangs
    // still fails.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
