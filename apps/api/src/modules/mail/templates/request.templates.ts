import { mailText as t } from '../../../i18n/i18n.js';
import type { MailAction, MailContent, TemplateContext } from './mail-types.js';
import type { SecretLink } from './secret-link.js';

export interface JoinAllocationReceivedData {
  firstName: string;
  /** The prospect's place-in-line page, its signed token in the fragment (ADR 031). */
  placeUrl?: SecretLink;
}

/** The button to the place-in-line page, when the request's link was made. */
const placeAction = (url: SecretLink | undefined, link: TemplateContext['link']): { action?: MailAction } =>
  url ? { action: { label: t('placeInLine.action'), url: link(url) } } : {};

export function joinAllocationReceived(data: JoinAllocationReceivedData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: t('joinAllocationReceived.subject', { brand: brand.name }),
    preheader: t('joinAllocationReceived.preheader'),
    heading: t('joinAllocationReceived.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      t('joinAllocationReceived.received', { brand: brand.name }),
      t('joinAllocationReceived.next'),
    ],
    ...placeAction(data.placeUrl, link),
    notes: [...(data.placeUrl ? [t('placeInLine.note')] : []), t('joinAllocationReceived.note')],
  };
}

export interface FoundersListReceivedData {
  firstName: string;
  /** As the prospect gave it on the form, e.g. "6 bottles". */
  idealAllocation: string;
  placeUrl?: SecretLink;
}

export function foundersListReceived(data: FoundersListReceivedData, { brand, link }: TemplateContext): MailContent {
  return {
    subject: t('foundersListReceived.subject', { brand: brand.name }),
    preheader: t('foundersListReceived.preheader'),
    heading: t('foundersListReceived.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      t('foundersListReceived.received', { brand: brand.name, idealAllocation: data.idealAllocation }),
      t('foundersListReceived.next'),
    ],
    ...placeAction(data.placeUrl, link),
    notes: [...(data.placeUrl ? [t('placeInLine.note')] : []), t('foundersListReceived.note')],
  };
}
