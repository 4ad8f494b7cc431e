import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every limit kept in the database (sign-ins, links, bottle checks, card tries; ADR 012). They live
 * in the database, not in memory, so every API instance behind a load balancer sees the same
 * count; shared/attempt-counter.ts is the only code that writes them.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
