/**
 * What the browser tests' entry (e2e-server.ts) checks of its environment before it loads the app:
 * the fixtures' secret and the simulated clock, with nothing heavier imported, so a server started
 * wrongly is refused at once (e2e-fixtures.test.ts starts it so twice) instead of after loading
 * and compiling the whole API through tsx (4-5 s of CPU each). e2e-fixtures.ts uses them too.
 */
export const FIXTURES_SECRET_ENV = 'WINERY_TEST_FIXTURES_SECRET';
export const FIXTURES_SECRET_HEADER = 'x-test-fixtures-secret';
export const FIXTURES_PREFIX = '/__test/fixtures';
export const MIN_SECRET_LENGTH = 32;

// ── The simulated clock (issue 17, "How it is checked") ─────────────────────────────────────────

/** Set to `simulated` for a browser tests' server whose clock the spec moves (fair-release.e2e.ts). */
export const TEST_CLOCK_ENV = 'WINERY_TEST_CLOCK';

/** Farther than any journey moves the clock in one call: a year. */
export const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * The app's clock for the fair-release journey: real time plus an offset that only grows, so time
 * still flows between moves (timers, polls) and never runs backwards (what has been recorded at a
 * later instant stays later). Tokens and sessions follow it too, as everything built on the app's
 * `now()` does.
 */
export interface SimulatedClock {
  now(): Date;
  /** Moves the clock on by `ms` (≥ 0); answers the new now. */
  advance(ms: number): Date;
  /** Moves the clock on to `at`; refuses an instant before now (nothing changes). */
  setTo(at: Date): Date;
}

export function createSimulatedClock(realNow: () => number = Date.now): SimulatedClock {
  let offset = 0;
  const now = () => new Date(realNow() + offset);
  return {
    now,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The simulated clock never goes backwards.');
      offset += ms;
      return now();
    },
    setTo(at) {
      const ms = at.getTime() - now().getTime();
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The simulated clock never goes backwards.');
      offset += ms;
      return now();
    },
  };
}

/** The simulated clock when the environment asks for it (`WINERY_TEST_CLOCK=simulated`), else none: the app's own real clock. */
export function simulatedClockFromEnv(env: NodeJS.ProcessEnv): SimulatedClock | undefined {
  const wanted = env[TEST_CLOCK_ENV];
  if (wanted === undefined || wanted === '') return undefined;
  if (wanted !== 'simulated') throw new Error(`${TEST_CLOCK_ENV} is either unset or "simulated", not "${wanted}".`);
  return createSimulatedClock();
}

// ── A database of its own on a PostgreSQL server ────────────────────────────────────────────────

/**
 * Set (by the browser tests' global setup, when their run has DATABASE_URL: CI) to a PostgreSQL
 * server's URL: the server then runs on a fresh database of its own there, made when it starts and
 * dropped when it closes, instead of embedded PGlite in DATA_DIR. The browser tests then meet the
 * database a deployment runs on, and PGlite's work (a third of this server's CPU) leaves the run.
 */
export const DATABASE_SERVER_ENV = 'WINERY_TEST_DATABASE_SERVER';

/** What the server prints, followed by its database's name, once it has made it. */
export const OWN_DATABASE_LINE = "The browser tests' database: ";
