import { formatLongDate, plural, type MailContent } from './layout.js';
import type { TemplateContext } from './mail-templates.js';
import type { SecretLink } from './secret-link.js';

export interface SignInLinkData {
  firstName: string;
  url: SecretLink;
  expiresInMinutes: number;
}

export function signInLink(data: SignInLinkData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: `Your sign-in link for ${brand.name}`,
    preheader: `Sign in to your ${brand.name} account without a password.`,
    heading: 'Sign in to your account',
    paragraphs: [
      `Dear ${data.firstName},`,
      `Here is the link you asked for. It signs you in to your ${brand.name} account without a password.`,
    ],
    action: { label: 'Sign in', url: link(data.url) },
    notes: [
      `The link works once and expires in ${plural(data.expiresInMinutes, 'minute', 'minutes')}.`,
      'If you did not ask for it, you can ignore this e-mail: nobody can sign in without the link.',
    ],
  };
}

export interface ResetPasswordData {
  firstName: string;
  url: SecretLink;
  expiresInMinutes: number;
}

export function resetPassword(data: ResetPasswordData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: `Reset your ${brand.name} password`,
    preheader: 'Choose a new password for your account.',
    heading: 'Reset your password',
    paragraphs: [
      `Dear ${data.firstName},`,
      `We received a request to reset the password of your ${brand.name} account. Choose a new one with the link below.`,
    ],
    action: { label: 'Reset password', url: link(data.url) },
    notes: [
      `The link works once and expires in ${plural(data.expiresInMinutes, 'minute', 'minutes')}.`,
      'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
    ],
  };
}

export interface CreatePasswordData {
  firstName: string;
  url: SecretLink;
  expiresInHours: number;
}

export function createPassword(data: CreatePasswordData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: `Create your ${brand.name} password`,
    preheader: `Your ${brand.name} member account is ready.`,
    heading: 'Welcome',
    paragraphs: [
      `Dear ${data.firstName},`,
      `Your ${brand.name} member account is ready. Choose a password to sign in, keep your details and order your allocation.`,
    ],
    action: { label: 'Create password', url: link(data.url) },
    notes: [`The link works once and expires in ${plural(data.expiresInHours, 'hour', 'hours')}.`],
  };
}

export interface AccountLinkData {
  firstName: string;
  url: SecretLink;
  expiresInHours: number;
}

export function accountLink(data: AccountLinkData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: `Your ${brand.name} account`,
    preheader: 'Open your account in one click.',
    heading: 'Your account',
    paragraphs: [
      `Dear ${data.firstName},`,
      'This link signs you in and opens your account, where you can keep your details, addresses and cards up to date and see your orders.',
    ],
    action: { label: 'Open my account', url: link(data.url) },
    notes: [
      `The link works once and expires in ${plural(data.expiresInHours, 'hour', 'hours')}.`,
      'It is personal: please do not forward this e-mail.',
    ],
  };
}

export interface AllocationLinkData {
  firstName: string;
  url: SecretLink;
  offeringName: string;
  /** ISO date (or timestamp) the offering closes, shown as "March 3, 2027" (UTC). */
  closesOn: string;
}

export function allocationLink(data: AllocationLinkData, { link }: TemplateContext): MailContent {
  const closes = formatLongDate(data.closesOn);
  return {
    subject: `Your ${data.offeringName} allocation is open`,
    preheader: `Your allocation is set aside until ${closes}.`,
    heading: data.offeringName,
    paragraphs: [
      `Dear ${data.firstName},`,
      `Your allocation for ${data.offeringName} is ready. This personal link signs you in and opens the offering: the letter, the vintage notes and the wines set aside for you.`,
    ],
    action: { label: 'View my allocation', url: link(data.url) },
    notes: [`The offering closes on ${closes}.`, 'The link is personal: please do not forward this e-mail.'],
  };
}
