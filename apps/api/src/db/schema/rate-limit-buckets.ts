import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters for failed sign-ins. They live in the database, not in memory, so every API instance
 * behind a load balancer sees the same count.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
