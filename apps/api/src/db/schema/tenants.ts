import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A producer. Its id is the slug clients send in the `tenant` header. */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The winery's own time zone (IANA): the console shows and takes offering windows in it; they are stored in UTC. */
  timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
