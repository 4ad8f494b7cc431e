import { LANGUAGE, mailText as t } from '../../../i18n/i18n.js';
import type { MailContent, TemplateContext } from './mail-types.js';

export interface PasswordChangedData {
  firstName: string;
}

const either = new Intl.ListFormat(LANGUAGE, { type: 'disjunction' });

/** Sent after every password change, so a member learns at once if it was not them. */
export function passwordChanged(data: PasswordChangedData, { brand, link }: TemplateContext): MailContent {
  const contacts = [brand.phone, brand.email].filter((contact): contact is string => Boolean(contact));
  return {
    subject: t('passwordChanged.subject', { brand: brand.name }),
    preheader: t('passwordChanged.preheader'),
    heading: t('passwordChanged.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      t('passwordChanged.body', { brand: brand.name }),
      contacts.length > 0 ? t('passwordChanged.notYouTellUs', { contact: either.format(contacts) }) : t('passwordChanged.notYou'),
    ],
    action: { label: t('passwordChanged.action'), url: link('/forgot-password') },
  };
}

export interface SignInAttemptsData {
  firstName: string;
  /** Members can sign in by e-mailed link or reset; staff have neither, so they are told whom to ask. */
  audience: 'member' | 'staff';
}

/**
 * Sent once per window when an account gathers many failed sign-ins (ADR 012). The account is
 * not locked, so the mail says how to get in; it carries no link token, only the site's pages.
 */
export function signInAttempts(data: SignInAttemptsData, { brand, link }: TemplateContext): MailContent {
  const member = data.audience === 'member';
  return {
    subject: t('signInAttempts.subject', { brand: brand.name }),
    preheader: t('signInAttempts.preheader'),
    heading: t('signInAttempts.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      t('signInAttempts.body', { brand: brand.name, context: data.audience }),
      t('signInAttempts.notLocked', { context: data.audience }),
    ],
    ...(member ? { action: { label: t('signInAttempts.action'), url: link('/login') } } : {}),
    notes: member ? [t('signInAttempts.forgotPassword', { url: link('/forgot-password') })] : [],
  };
}
