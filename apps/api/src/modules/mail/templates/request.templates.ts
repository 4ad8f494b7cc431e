import { mailText as t } from '../../../i18n/i18n.js';
import type { MailContent, TemplateContext } from './mail-types.js';

export interface JoinAllocationReceivedData {
  firstName: string;
}

export function joinAllocationReceived(data: JoinAllocationReceivedData, { brand }: TemplateContext): MailContent {
  return {
    subject: t('joinAllocationReceived.subject', { brand: brand.name }),
    preheader: t('joinAllocationReceived.preheader'),
    heading: t('joinAllocationReceived.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      t('joinAllocationReceived.received', { brand: brand.name }),
      t('joinAllocationReceived.next'),
    ],
    notes: [t('joinAllocationReceived.note')],
  };
}

export interface FoundersListReceivedData {
  firstName: string;
  /** As the prospect gave it on the form, e.g. "6 bottles". */
  idealAllocation: string;
}

export function foundersListReceived(data: FoundersListReceivedData, { brand }: TemplateContext): MailContent {
  return {
    subject: t('foundersListReceived.subject', { brand: brand.name }),
    preheader: t('foundersListReceived.preheader'),
    heading: t('foundersListReceived.heading'),
    paragraphs: [
      t('greeting', { firstName: data.firstName }),
      t('foundersListReceived.received', { brand: brand.name, idealAllocation: data.idealAllocation }),
      t('foundersListReceived.next'),
    ],
    notes: [t('foundersListReceived.note')],
  };
}
