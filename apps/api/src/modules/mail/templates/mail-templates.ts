import { randomBytes } from 'node:crypto';
import { fillLinks, linkPlaceholder, type LinkSecrets } from '../link-secrets.js';
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
import { SecretLink } from './secret-link.js';

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
  /**
   * The absolute URL of a path on the site (PUBLIC_URL), or an absolute URL checked as http(s).
   * A SecretLink's token is rendered as a stand-in that the service seals (renderSealedMail).
   */
  link: (pathOrUrl: string | SecretLink) => string;
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

/** A rendered message whose link tokens are placeholders, and the tokens to put back at send time. */
export interface SealedMail extends RenderedMail {
  /** Null when the message has no secret link. */
  secrets: LinkSecrets | null;
}

/**
 * Renders a template with every SecretLink's token replaced by a placeholder, so the bodies can be
 * stored and shown without a usable link. The tokens never enter the rendered text: the template
 * sees a random stand-in, which is swapped for the placeholder afterwards.
 */
export function renderSealedMail(template: MailTemplate, context: { brand: MailBrand; publicUrl: string }): SealedMail {
  const render = RENDERERS[template.kind] as (data: MailTemplate, context: TemplateContext) => MailContent;
  const tokens: string[] = [];
  const standIns: string[] = [];
  const link = (value: string | SecretLink) => {
    if (!(value instanceof SecretLink)) return absoluteUrl(value, context.publicUrl);
    let index = tokens.indexOf(value.token);
    if (index < 0) {
      index = tokens.push(value.token) - 1;
      standIns.push(randomBytes(24).toString('base64url'));
    }
    return absoluteUrl(`${value.path}${standIns[index]}`, context.publicUrl);
  };
  const rendered = renderLayout(render(template, { brand: context.brand, link }), context.brand);
  if (tokens.length === 0) return { ...rendered, secrets: null };

  const nonce = randomBytes(6).toString('hex');
  const seal = (body: string) => standIns.reduce((text, standIn, index) => text.split(standIn).join(linkPlaceholder(nonce, index)), body);
  if (standIns.some((standIn) => rendered.subject.includes(standIn))) throw new Error('A link token cannot go into a subject line.');
  return { subject: rendered.subject, text: seal(rendered.text), html: seal(rendered.html), secrets: { nonce, tokens } };
}

/** Renders a template into its subject, plain-text part and HTML part, links complete (as sent). */
export function renderMail(template: MailTemplate, context: { brand: MailBrand; publicUrl: string }): RenderedMail {
  const { secrets, ...sealed } = renderSealedMail(template, context);
  if (!secrets) return sealed;
  return { subject: sealed.subject, text: fillLinks(sealed.text, secrets), html: fillLinks(sealed.html, secrets) };
}

export type { MailBrand, RenderedMail } from './layout.js';
export { SecretLink, secretLink } from './secret-link.js';
