import { sql } from 'drizzle-orm';
import type { InvitationState } from '@winery/domain';

/*
 * Where each member's invitation to an offering stands, as SQL over one allocation row (the outer
 * query selects from `allocations`): the furthest step wins — ordered, the link used, else the
 * last invitation e-mail's state, else opted out (never invited, invitations turned off). Lists filter and count on the same expressions, so a page, its
 * filter and the summary always agree.
 */

/*
 * Written as plain SQL with aliases of its own: Drizzle leaves column names unqualified in a query
 * without joins, and a correlated subquery must name the outer allocation unambiguously.
 */
const latestInvitation = (column: string) =>
  sql.raw(`(select ${column} from offering_invitations li left join mail_queue lm on lm.id = li.mail_id
       where li.allocation_id = "allocations"."id" order by li.created_at desc, li.id desc limit 1)`);

export const invitationColumns = {
  invitedAt: sql.raw(`(select min(fi.created_at) from offering_invitations fi where fi.allocation_id = "allocations"."id")`),
  lastInvitedAt: latestInvitation('li.created_at'),
  mailStatus: latestInvitation('lm.status'),
  sentAt: latestInvitation('lm.sent_at'),
  lastError: latestInvitation(`case when lm.status = 'failed' then lm.last_error end`),
  linkUsedAt: sql.raw(`(select min(ut.used_at) from offering_invitations ui join link_tokens ut on ut.id = ui.link_token_id
       where ui.allocation_id = "allocations"."id")`),
  orderedAt: sql.raw(`(select min(oo.placed_at) from orders oo where oo.allocation_id = "allocations"."id" and oo.status <> 'cancelled')`),
  /** The member turned offering invitations off in their account (issue 15). */
  invitationsOff: sql.raw(`(select not oc.mail_offering_invitations from customers oc where oc.id = "allocations"."customer_id")`),
};

/** The state, as text. */
export const invitationStateSql = sql<InvitationState>`(case
  when ${invitationColumns.orderedAt} is not null then 'ordered'
  when ${invitationColumns.linkUsedAt} is not null then 'linkUsed'
  when ${invitationColumns.lastInvitedAt} is null and ${invitationColumns.invitationsOff} then 'optedOut'
  when ${invitationColumns.lastInvitedAt} is null then 'none'
  when ${invitationColumns.mailStatus} = 'failed' then 'failed'
  when ${invitationColumns.mailStatus} = 'queued' then 'queued'
  else 'sent' end)`;

/** When the member reached the state: the order, the link's use, the e-mail sent, or the invitation queued. */
export const invitationStateAtSql = sql`(case
  when ${invitationColumns.orderedAt} is not null then ${invitationColumns.orderedAt}
  when ${invitationColumns.linkUsedAt} is not null then ${invitationColumns.linkUsedAt}
  when ${invitationColumns.mailStatus} = 'sent' then ${invitationColumns.sentAt}
  else ${invitationColumns.lastInvitedAt} end)`;

/** A timestamp read through raw SQL: a Date from one driver, a string from another. */
export const isoOrNull = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};
