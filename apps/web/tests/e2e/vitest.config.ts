import { defineConfig } from 'vitest/config';

// Browser journeys: one server (built web + API + fresh embedded database) for the whole run, one
// Chromium per file. Each file makes the members it needs (support/fixtures.ts), so files run in
// any order and side by side: E2E_WORKERS of them at once (default 2; 1 runs them one by one).
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/fetch-deadline.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // Files share a worker's loaded modules (Playwright's client, the support files) instead of
    // loading them afresh for each: 14 files took 89-90 s of the machine's CPU so against 100-102 s
    // (two runs each, alternated). Each file still launches its own Chromium and makes its own
    // people; the support files keep nothing of one file for the next (staffSignIn is per file by
    // its path, fetch-deadline.ts wraps Node's fetch once), as the API suite's files do (its config).
    isolate: false,
    // What a page shows next may take a while on a busy machine (a CI run of three lanes on two
    // cores once took over 5 s to send a page view after sign-in); a poll that waits longer only
    // fails later, it never passes something it should not.
    expect: { poll: { timeout: 15_000 } },
    // A journey of many pages takes 15-27 s while CI runs three suites on two cores (waiting-room,
    // account's keyboard walk), and up to 2.5 times that on a slow day of the same machine (a CI
    // run of 1,666 s against 650: the wine picture's journey passed 60 s; in one of 1,532 s, 120 s,
    // so it is now three tests, one per page). One limit for all, well above the slowest seen; a
    // journey that hangs still fails.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
