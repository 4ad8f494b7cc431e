import type { MailContent } from './layout.js';
import type { TemplateContext } from './mail-templates.js';

export interface PasswordChangedData {
  firstName: string;
}

/** Sent after every password change, so a member learns at once if it was not them. */
export function passwordChanged(data: PasswordChangedData, { brand, link }: TemplateContext): MailContent {
  const contact = [brand.phone, brand.email].filter(Boolean).join(' or ');
  return {
    subject: `Your ${brand.name} password was changed`,
    preheader: 'The password of your account was just changed.',
    heading: 'Your password was changed',
    paragraphs: [
      `Dear ${data.firstName},`,
      `The password of your ${brand.name} account has just been changed. If it was you, there is nothing more to do.`,
      `If it was not you, choose a new password at once${contact ? ` and tell us at ${contact}` : ''}.`,
    ],
    action: { label: 'Reset my password', url: link('/forgot-password') },
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
    subject: `Someone tried to sign in to your ${brand.name} account`,
    preheader: 'Several sign-ins with a wrong password were just tried on your account.',
    heading: 'Failed sign-in attempts',
    paragraphs: [
      `Dear ${data.firstName},`,
      `Someone just tried several times to sign in to your ${brand.name} ${member ? '' : 'staff '}account with a wrong password. If it was you, there is nothing more to do.`,
      member
        ? 'Your account is not locked: you can still sign in with your password, or with a link we send to this address. If you think someone knows your password, choose a new one.'
        : 'Your account is not locked: you can still sign in with your password. If you think someone knows it, ask an administrator to set a new one.',
    ],
    ...(member ? { action: { label: 'Sign in', url: link('/login') } } : {}),
    notes: member ? [`To choose a new password, use "Forgot password" on ${link('/forgot-password')}.`] : [],
  };
}
