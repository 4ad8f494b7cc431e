import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A producer. Its id is the slug clients send in the `tenant` header. */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
