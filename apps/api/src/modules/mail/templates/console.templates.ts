import { formatDate } from '@winery/domain';
import { mailText as t } from '../../../i18n/i18n.js';
import type { MailContent, TemplateContext } from './mail-types.js';
import type { SecretLink } from './secret-link.js';

/* Mail staff send from the console: reminders before an offering closes, answers to wishes. */

export interface InvitationReminderData {
  firstName: string;
  url: SecretLink;
  offeringName: string;
  /** ISO instant the offering closes, shown as "March 3, 2027" (UTC). */
  closesOn: string;
}

export function invitationReminder(data: InvitationReminderData, { link }: TemplateContext): MailContent {
  const closes = formatDate(data.closesOn) ?? data.closesOn;
  const offering = data.offeringName;
  return {
    subject: t('invitationReminder.subject', { offering, closes }),
    preheader: t('invitationReminder.preheader', { closes }),
    heading: offering,
    paragraphs: [t('greeting', { firstName: data.firstName }), t('invitationReminder.body', { offering, closes })],
    action: { label: t('invitationReminder.action'), url: link(data.url) },
    notes: [t('allocationLink.personal')],
  };
}

export interface WishGrantedData {
  firstName: string;
  url: SecretLink;
  offeringName: string;
  wineName: string;
  /** Bottles granted; `asked` when all were. */
  granted: number;
  asked: number;
  closesOn: string;
}

export function wishGranted(data: WishGrantedData, { link }: TemplateContext): MailContent {
  const closes = formatDate(data.closesOn) ?? data.closesOn;
  const values = { offering: data.offeringName, wine: data.wineName, count: data.granted, asked: data.asked };
  return {
    subject: t('wishGranted.subject', { offering: data.offeringName }),
    preheader: t('wishGranted.preheader', values),
    heading: t('wishGranted.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      data.granted >= data.asked ? t('wishGranted.all', values) : t('wishGranted.part', values),
      t('wishGranted.order', { closes }),
    ],
    action: { label: t('wishGranted.action'), url: link(data.url) },
    notes: [t('allocationLink.personal')],
  };
}

export interface WishDeclinedData {
  firstName: string;
  offeringName: string;
  wineName: string;
  asked: number;
}

export function wishDeclined(data: WishDeclinedData, { brand }: TemplateContext): MailContent {
  const values = { offering: data.offeringName, wine: data.wineName, count: data.asked, brand: brand.name };
  return {
    subject: t('wishDeclined.subject', { offering: data.offeringName }),
    preheader: t('wishDeclined.preheader', values),
    heading: t('wishDeclined.heading'),
    paragraphs: [t('greeting', { firstName: data.firstName }), t('wishDeclined.body', values), t('wishDeclined.thanks', values)],
  };
}
