import type { MailPreference } from '@winery/domain';
import type { MailKind, MailTemplate } from './templates/mail-templates.js';

/**
 * Which e-mails a member may turn off (issue 15). Transactional mail answers something the member
 * did or must know — orders, sign-in, passwords, their own requests and wishes, staff's own
 * invitations — and always goes. The rest goes only to members who want that kind, and carries a
 * one-click unsubscribe (List-Unsubscribe, RFC 8058) and a visible unsubscribe link. Every kind is
 * listed, so a new template cannot be sent without being classified; news mail goes under `news`.
 */
export const MAIL_CATEGORIES = {
  'sign-in-link': 'transactional',
  'reset-password': 'transactional',
  'create-password': 'transactional',
  'account-link': 'transactional',
  'allocation-link': 'offeringInvitations',
  'join-allocation-received': 'transactional',
  'founders-list-received': 'transactional',
  'password-changed': 'transactional',
  'sign-in-attempts': 'transactional',
  'order-confirmation': 'transactional',
  'order-shipped': 'transactional',
  'order-ready-for-pickup': 'transactional',
  'order-cancelled': 'transactional',
  'staff-invitation': 'transactional',
  'invitation-reminder': 'offeringReminders',
  'wish-granted': 'transactional',
  'wish-declined': 'transactional',
} as const satisfies Record<MailKind, 'transactional' | MailPreference>;

type Categories = typeof MAIL_CATEGORIES;

/** Kinds a member may turn off. */
export type OptionalMailKind = { [K in MailKind]: Categories[K] extends 'transactional' ? never : K }[MailKind];
/** Templates of mail that always goes. */
export type TransactionalTemplate = Exclude<MailTemplate, { kind: OptionalMailKind }>;
/** Templates of mail that goes only to members who want it. */
export type OptionalTemplate = Extract<MailTemplate, { kind: OptionalMailKind }>;

/** The member's switch a kind of mail obeys, or null for transactional mail. */
export function preferenceOf(kind: MailKind): MailPreference | null {
  const category: 'transactional' | MailPreference = MAIL_CATEGORIES[kind];
  return category === 'transactional' ? null : category;
}
