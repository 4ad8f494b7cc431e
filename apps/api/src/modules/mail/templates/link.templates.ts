import { formatDate } from '@winery/domain';
import { mailText as t } from '../../../i18n/i18n.js';
import type { MailContent, TemplateContext } from './mail-types.js';
import type { SecretLink } from './secret-link.js';

export interface SignInLinkData {
  firstName: string;
  url: SecretLink;
  expiresInMinutes: number;
}

export function signInLink(data: SignInLinkData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: t('signInLink.subject', { brand: brand.name }),
    preheader: t('signInLink.preheader', { brand: brand.name }),
    heading: t('signInLink.heading'),
    paragraphs: [t('greeting', { firstName: data.firstName }), t('signInLink.body', { brand: brand.name })],
    action: { label: t('signInLink.action'), url: link(data.url) },
    notes: [t('linkExpires.minutes', { count: data.expiresInMinutes }), t('signInLink.notYou')],
  };
}

export interface ResetPasswordData {
  firstName: string;
  url: SecretLink;
  expiresInMinutes: number;
}

export function resetPassword(data: ResetPasswordData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: t('resetPassword.subject', { brand: brand.name }),
    preheader: t('resetPassword.preheader'),
    heading: t('resetPassword.heading'),
    paragraphs: [t('greeting', { firstName: data.firstName }), t('resetPassword.body', { brand: brand.name })],
    action: { label: t('resetPassword.action'), url: link(data.url) },
    notes: [t('linkExpires.minutes', { count: data.expiresInMinutes }), t('resetPassword.notYou')],
  };
}

export interface CreatePasswordData {
  firstName: string;
  url: SecretLink;
  expiresInHours: number;
}

export function createPassword(data: CreatePasswordData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: t('createPassword.subject', { brand: brand.name }),
    preheader: t('createPassword.preheader', { brand: brand.name }),
    heading: t('createPassword.heading'),
    paragraphs: [t('greeting', { firstName: data.firstName }), t('createPassword.body', { brand: brand.name })],
    action: { label: t('createPassword.action'), url: link(data.url) },
    notes: [t('linkExpires.hours', { count: data.expiresInHours })],
  };
}

export interface AccountLinkData {
  firstName: string;
  url: SecretLink;
  expiresInHours: number;
}

export function accountLink(data: AccountLinkData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: t('accountLink.subject', { brand: brand.name }),
    preheader: t('accountLink.preheader'),
    heading: t('accountLink.heading'),
    paragraphs: [t('greeting', { firstName: data.firstName }), t('accountLink.body')],
    action: { label: t('accountLink.action'), url: link(data.url) },
    notes: [t('linkExpires.hours', { count: data.expiresInHours }), t('accountLink.personal')],
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
  const closes = formatDate(data.closesOn) ?? data.closesOn;
  const offering = data.offeringName;
  return {
    subject: t('allocationLink.subject', { offering }),
    preheader: t('allocationLink.preheader', { closes }),
    heading: offering,
    paragraphs: [t('greeting', { firstName: data.firstName }), t('allocationLink.body', { offering })],
    action: { label: t('allocationLink.action'), url: link(data.url) },
    notes: [t('allocationLink.closes', { closes }), t('allocationLink.personal')],
  };
}
