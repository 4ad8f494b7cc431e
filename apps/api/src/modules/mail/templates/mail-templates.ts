import { accountLink, allocationLink, createPassword, resetPassword, signInLink } from './link.templates.js';
import type {
  AccountLinkData,
  AllocationLinkData,
  CreatePasswordData,
  ResetPasswordData,
  SignInLinkData,
} from './link.templates.js';
import type { MailContent, TemplateContext } from './mail-types.js';
import {
  invitationReminder,
  wishDeclined,
  wishGranted,
  type InvitationReminderData,
  type WishDeclinedData,
  type WishGrantedData,
} from './console.templates.js';
import { passwordChanged, signInAttempts, type PasswordChangedData, type SignInAttemptsData } from './account.templates.js';
import {
  foundersListReceived,
  joinAllocationReceived,
  type FoundersListReceivedData,
  type JoinAllocationReceivedData,
} from './request.templates.js';
import {
  orderCancelled,
  orderConfirmation,
  orderReadyForPickup,
  orderShipped,
  type OrderCancelledData,
  type OrderConfirmationData,
  type OrderReadyForPickupData,
  type OrderShippedData,
} from './order.templates.js';
import { staffInvitation, type StaffInvitationData } from './staff.templates.js';

/** Every e-mail the product sends: its kind (stored as mail_queue.kind) and what it needs. */
export type MailTemplate =
  | ({ kind: 'sign-in-link' } & SignInLinkData)
  | ({ kind: 'reset-password' } & ResetPasswordData)
  | ({ kind: 'create-password' } & CreatePasswordData)
  | ({ kind: 'account-link' } & AccountLinkData)
  | ({ kind: 'allocation-link' } & AllocationLinkData)
  | ({ kind: 'join-allocation-received' } & JoinAllocationReceivedData)
  | ({ kind: 'founders-list-received' } & FoundersListReceivedData)
  | ({ kind: 'password-changed' } & PasswordChangedData)
  | ({ kind: 'sign-in-attempts' } & SignInAttemptsData)
  | ({ kind: 'order-confirmation' } & OrderConfirmationData)
  | ({ kind: 'order-shipped' } & OrderShippedData)
  | ({ kind: 'order-ready-for-pickup' } & OrderReadyForPickupData)
  | ({ kind: 'order-cancelled' } & OrderCancelledData)
  | ({ kind: 'staff-invitation' } & StaffInvitationData)
  | ({ kind: 'invitation-reminder' } & InvitationReminderData)
  | ({ kind: 'wish-granted' } & WishGrantedData)
  | ({ kind: 'wish-declined' } & WishDeclinedData);

export type MailKind = MailTemplate['kind'];

type Renderers = { [K in MailKind]: (data: Extract<MailTemplate, { kind: K }>, context: TemplateContext) => MailContent };

const RENDERERS: Renderers = {
  'sign-in-link': signInLink,
  'reset-password': resetPassword,
  'create-password': createPassword,
  'account-link': accountLink,
  'allocation-link': allocationLink,
  'join-allocation-received': joinAllocationReceived,
  'founders-list-received': foundersListReceived,
  'password-changed': passwordChanged,
  'sign-in-attempts': signInAttempts,
  'order-confirmation': orderConfirmation,
  'order-shipped': orderShipped,
  'order-ready-for-pickup': orderReadyForPickup,
  'order-cancelled': orderCancelled,
  'staff-invitation': staffInvitation,
  'invitation-reminder': invitationReminder,
  'wish-granted': wishGranted,
  'wish-declined': wishDeclined,
};

export const MAIL_KINDS = Object.keys(RENDERERS) as MailKind[];

/** What a template says, before layout: its subject, heading, paragraphs, button and notes. */
export function templateContent(template: MailTemplate, context: TemplateContext): MailContent {
  const render = RENDERERS[template.kind] as (data: MailTemplate, context: TemplateContext) => MailContent;
  return render(template, context);
}

export type { MailBrand, MailContent, RenderedMail, TemplateContext } from './mail-types.js';
export { SecretLink, secretLink } from './secret-link.js';
