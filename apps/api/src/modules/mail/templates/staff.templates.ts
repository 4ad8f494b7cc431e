import type { StaffRole } from '@winery/domain';
import { mailText as t } from '../../../i18n/i18n.js';
import type { MailContent, TemplateContext } from './mail-types.js';
import type { SecretLink } from './secret-link.js';

export interface StaffInvitationData {
  name: string;
  /** The admin who sent the invitation, by name. */
  inviter: string;
  role: StaffRole;
  url: SecretLink;
  expiresInHours: number;
}

const ROLE_WORDS = {
  admin: 'staffInvitation.roleAdmin',
  manager: 'staffInvitation.roleManager',
  viewer: 'staffInvitation.roleViewer',
} as const satisfies Record<StaffRole, string>;

/** A colleague invited to the staff console: the link to create their password (ADR 016). */
export function staffInvitation(data: StaffInvitationData, { brand, link }: TemplateContext): MailContent {
  const role = t(ROLE_WORDS[data.role]);
  return {
    subject: t('staffInvitation.subject', { brand: brand.name }),
    preheader: t('staffInvitation.preheader', { brand: brand.name, inviter: data.inviter }),
    heading: t('staffInvitation.heading'),
    paragraphs: [t('greeting', { firstName: data.name }), t('staffInvitation.body', { brand: brand.name, inviter: data.inviter, role })],
    action: { label: t('staffInvitation.action'), url: link(data.url) },
    notes: [t('linkExpires.hours', { count: data.expiresInHours }), t('staffInvitation.notYou')],
  };
}
