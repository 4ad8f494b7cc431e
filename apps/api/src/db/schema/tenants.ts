import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A producer. Its id is the slug clients send in the `tenant` header. */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The winery's own time zone (IANA): the console shows and takes offering windows in it; they are stored in UTC. */
  timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
  /** The winery's rules of its list, as staff wrote them (Markdown) and as members read them (sanitised HTML). */
  listRulesMarkdown: text('list_rules_markdown'),
  listRulesHtml: text('list_rules_html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
