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
