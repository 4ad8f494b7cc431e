import { accountLink, allocationLink, createPassword, resetPassword, signInLink } from './link.templates.js';
import type {
  AccountLinkData,
  AllocationLinkData,
  CreatePasswordData,
  ResetPasswordData,
  SignInLinkData,
} from './link.templates.js';
import { renderLayout, type MailBrand, type MailContent, type RenderedMail } from './layout.js';
import { passwordChanged, signInAttempts, type PasswordChangedData, type SignInAttemptsData } from './account.templates.js';
import {
  foundersListReceived,
  joinAllocationReceived,
  type FoundersListReceivedData,
  type JoinAllocationReceivedData,
} from './request.templates.js';

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
  | ({ kind: 'sign-in-attempts' } & SignInAttemptsData);

export type MailKind = MailTemplate['kind'];

export interface TemplateContext {
  brand: MailBrand;
  /** The absolute URL of a path on the site (PUBLIC_URL), or an absolute URL checked as http(s). */
  link: (pathOrUrl: string) => string;
}

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
};

export const MAIL_KINDS = Object.keys(RENDERERS) as MailKind[];

/**
 * Makes links absolute on the public origin. A path keeps any prefix PUBLIC_URL has
 * (https://example.com/members + /login-by-link/x); anything but http(s) is refused, so a
 * `javascript:` value can never become a button.
 */
export function absoluteUrl(pathOrUrl: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const url = pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//') ? new URL(`${base}${pathOrUrl}`) : new URL(pathOrUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`A mail link must be an http(s) URL or a path (got ${url.protocol}).`);
  }
  return url.toString();
}

/** Renders a template into its subject, plain-text part and HTML part. */
export function renderMail(template: MailTemplate, context: { brand: MailBrand; publicUrl: string }): RenderedMail {
  const render = RENDERERS[template.kind] as (data: MailTemplate, context: TemplateContext) => MailContent;
  const content = render(template, { brand: context.brand, link: (value) => absoluteUrl(value, context.publicUrl) });
  return renderLayout(content, context.brand);
}

export type { MailBrand, RenderedMail } from './layout.js';
