import { DAY_MS, MINUTE_MS } from '@winery/domain';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rateLimitBuckets } from '../db/schema/index.js';
import { API_MESSAGES } from './api-messages.js';

export interface Limit {
  max: number;
  windowMs: number;
}

/** One fixed-window budget: `max` attempts per `windowMs`, counted under `key`. */
export interface CountedRule extends Limit {
  key: string;
}

/**
 * Growing delays for one account-and-IP pair (ADR 012): `free` attempts at once, then a wait of
 * `firstDelayMs` after the last of them, doubling after every further attempt up to `maxDelayMs`.
 * A pair quiet for a day starts again with its free attempts.
 */
export interface Backoff {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** How long a pair's streak of attempts is remembered after its last wait ended. */
export const BACKOFF_MEMORY_MS = DAY_MS;

export type CountResult = { allowed: true } | { allowed: false; rule: CountedRule; resetAt: Date };

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Attempt counters in the database (rate_limit_buckets), shared by every API instance. Every
 * limit counts FIRST, in one statement that increments and returns the count, and refuses what
 * is over: two requests can never both read "4 of 5" and both go ahead (issue 11). Work that
 * turns out not to cost budget (a right password) gives its unit back afterwards.
 */
export function createAttemptCounter(db: Database) {
  /**
   * One statement per key, in key order. A single UPDATE … WHERE key IN (…) locks its rows in
   * whatever order the plan reads them: holding the pair's row while a concurrent count holds the
   * IP's and waits for the pair's, it deadlocked on PostgreSQL (a 500 in one burst of 25 sign-in
   * link requests). Each statement here holds one row at a time, so it never waits while holding.
   */
  async function giveBack(keys: string[], at: Date): Promise<void> {
    for (const key of [...new Set(keys)].sort()) {
      await db
        .update(rateLimitBuckets)
        .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
        .where(sql`${rateLimitBuckets.key} = ${key} and ${rateLimitBuckets.resetAt} > ${iso(at)}`);
    }
  }

  async function sweep(at: Date): Promise<void> {
    await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetAt, new Date(at.getTime() - BACKOFF_MEMORY_MS)));
  }

  return {
    /**
     * Counts one attempt against every rule in a single statement and answers whether all are
     * still within their max. A refused attempt then gives its units back, so it costs nothing
     * (a check refused per minute does not spend the day's budget); as only counts above a max
     * are given back, nothing extra ever gets through. The rows are written in key order, so two
     * statements never wait for each other's rows.
     */
    async count(rules: CountedRule[], at: Date): Promise<CountResult> {
      if (rules.length === 0) return { allowed: true };
      const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      // A window that has run out starts again at 1; otherwise count up within it.
      const rows = await db
        .insert(rateLimitBuckets)
        .values(sorted.map((rule) => ({ key: rule.key, count: 1, resetAt: new Date(at.getTime() + rule.windowMs) })))
        .onConflictDoUpdate({
          target: rateLimitBuckets.key,
          set: {
            count: sql`case when ${rateLimitBuckets.resetAt} <= ${iso(at)} then 1 else ${rateLimitBuckets.count} + 1 end`,
            resetAt: sql`case when ${rateLimitBuckets.resetAt} <= ${iso(at)} then excluded.reset_at else ${rateLimitBuckets.resetAt} end`,
          },
        })
        .returning({ key: rateLimitBuckets.key, count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt });
      // The first rule in the caller's order that is over decides the answer (its message is shown).
      for (const rule of rules) {
        const row = rows.find((r) => r.key === rule.key);
        if (row && row.count > rule.max) {
          await giveBack(sorted.map((r) => r.key), at);
          return { allowed: false, rule, resetAt: row.resetAt };
        }
      }
      return { allowed: true };
    },

    /**
     * Counts one attempt for `key` and returns the count in its window: for alerts that must fire
     * exactly once (the attempt that sees the threshold), not for refusing.
     */
    async tally(rule: Omit<CountedRule, 'max'>, at: Date): Promise<number> {
      const [row] = await db
        .insert(rateLimitBuckets)
        .values({ key: rule.key, count: 1, resetAt: new Date(at.getTime() + rule.windowMs) })
        .onConflictDoUpdate({
          target: rateLimitBuckets.key,
          set: {
            count: sql`case when ${rateLimitBuckets.resetAt} <= ${iso(at)} then 1 else ${rateLimitBuckets.count} + 1 end`,
            resetAt: sql`case when ${rateLimitBuckets.resetAt} <= ${iso(at)} then excluded.reset_at else ${rateLimitBuckets.resetAt} end`,
          },
        })
        .returning({ count: rateLimitBuckets.count });
      return row!.count;
    },

    /**
     * Admits one attempt of a pair under growing delays, in one statement: the row's count is
     * the streak, its reset_at the moment the next attempt may start. The update only happens
     * when the pair may try now, so of a burst exactly the free attempts get through, and an
     * attempt refused during a wait neither counts nor lengthens it.
     */
    async admit(key: string, backoff: Backoff, at: Date): Promise<{ allowed: true } | { allowed: false; resetAt: Date }> {
      const fresh = sql`${rateLimitBuckets.resetAt} + ${`${BACKOFF_MEMORY_MS} milliseconds`}::interval <= ${iso(at)}`;
      const next = sql`case when ${fresh} then 1 else ${rateLimitBuckets.count} + 1 end`;
      // After attempt n (n >= free): firstDelay * 2^(n - free), at most maxDelay; none before.
      const delayMs = sql`case when (${next}) < ${backoff.free} then 0 else least(${backoff.firstDelayMs}::float8 * power(2, least((${next}) - ${backoff.free}, 30)), ${backoff.maxDelayMs}::float8) end`;
      const firstDelay = backoff.free <= 1 ? backoff.firstDelayMs : 0;
      const [row] = await db
        .insert(rateLimitBuckets)
        .values({ key, count: 1, resetAt: new Date(at.getTime() + firstDelay) })
        .onConflictDoUpdate({
          target: rateLimitBuckets.key,
          set: {
            count: next,
            resetAt: sql`${iso(at)} + ((${delayMs})::text || ' milliseconds')::interval`,
          },
          setWhere: sql`${fresh} or ${rateLimitBuckets.count} < ${backoff.free} or ${rateLimitBuckets.resetAt} <= ${iso(at)}`,
        })
        .returning({ count: rateLimitBuckets.count });
      if (row) return { allowed: true };
      const [current] = await db
        .select({ resetAt: rateLimitBuckets.resetAt })
        .from(rateLimitBuckets)
        .where(inArray(rateLimitBuckets.key, [key]));
      return { allowed: false, resetAt: current?.resetAt ?? new Date(at.getTime() + backoff.firstDelayMs) };
    },

    /** Gives one unit back to each key whose window is still running (the attempt cost nothing). */
    giveBack,

    /** Forgets keys altogether (a pair whose owner just proved who they are). */
    async clear(keys: string[]): Promise<void> {
      // Key by key, in order, like giveBack: never holding one row while waiting for another.
      for (const key of [...new Set(keys)].sort()) await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.key} = ${key}`);
    },

    /**
     * Drops counters nobody needs any more, so the table holds only live ones. A pair's streak is
     * kept a day past its last wait (BACKOFF_MEMORY_MS), so everything is kept that long.
     */
    sweep,

    /** Now and then (one call in fifty), a sweep: the table stays small without a job. */
    async maybeSweep(at: Date): Promise<void> {
      if (Math.random() < 0.02) await sweep(at);
    },
  };
}

export type AttemptCounter = ReturnType<typeof createAttemptCounter>;

/** Retry-After in whole seconds (at least 1) until `until`. */
export const retryAfterHeader = (until: Date, at: Date) => ({
  'retry-after': String(Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000))),
});

/** How long to wait, in the words a person reads: "a few minutes", not "847 seconds". */
export function waitInWords(ms: number): string {
  if (ms <= 90_000) return API_MESSAGES.waitAMinute;
  if (ms <= 20 * MINUTE_MS) return API_MESSAGES.waitFewMinutes;
  if (ms <= 65 * MINUTE_MS) return API_MESSAGES.waitUpToAnHour;
  return API_MESSAGES.waitFewHours;
}
