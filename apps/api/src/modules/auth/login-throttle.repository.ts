import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rateLimitBuckets } from '../../db/schema/index.js';

export interface ThrottleRule {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database so every instance shares them: failed sign-ins and
 * wrong current passwords (per IP, per account), and attempts to add a card (per member).
 */
export function createLoginThrottleRepository(db: Database) {
  return {
    /** The latest reset time among rules that have reached their limit, or null if all may proceed. */
    async blockedUntil(rules: ThrottleRule[], now: Date): Promise<Date | null> {
      if (rules.length === 0) return null;
      const rows = await db
        .select()
        .from(rateLimitBuckets)
        .where(
          and(
            inArray(
              rateLimitBuckets.key,
              rules.map((r) => r.key),
            ),
            gt(rateLimitBuckets.resetAt, now),
          ),
        );
      let until: Date | null = null;
      for (const row of rows) {
        const rule = rules.find((r) => r.key === row.key);
        if (rule && row.count >= rule.max && (!until || row.resetAt > until)) until = row.resetAt;
      }
      return until;
    },

    async recordFailure(rules: ThrottleRule[], now: Date): Promise<void> {
      for (const rule of rules) {
        const resetAt = new Date(now.getTime() + rule.windowMs);
        // A window that has run out starts again at 1; otherwise count up within it.
        await db
          .insert(rateLimitBuckets)
          .values({ key: rule.key, count: 1, resetAt })
          .onConflictDoUpdate({
            target: rateLimitBuckets.key,
            set: {
              count: sql`case when ${rateLimitBuckets.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimitBuckets.count} + 1 end`,
              resetAt: sql`case when ${rateLimitBuckets.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${rateLimitBuckets.resetAt} end`,
            },
          });
      }
    },

    async clear(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.delete(rateLimitBuckets).where(inArray(rateLimitBuckets.key, keys));
    },

    /** Drops windows that ended, so the table holds only live counters. */
    async sweep(now: Date): Promise<void> {
      await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetAt, now));
    },
  };
}

export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
