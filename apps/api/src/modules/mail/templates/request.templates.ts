import type { MailContent } from './layout.js';
import type { TemplateContext } from './mail-templates.js';

export interface JoinAllocationReceivedData {
  firstName: string;
}

export function joinAllocationReceived(data: JoinAllocationReceivedData, { brand }: TemplateContext): MailContent {
  return {
    subject: `Your request to join the ${brand.name} allocation list`,
    preheader: 'We have your request and will write to you.',
    heading: 'Thank you for your request',
    paragraphs: [
      `Dear ${data.firstName},`,
      `We have received your request to join the ${brand.name} allocation list.`,
      'Our team reads every request personally. When a place opens, we will write to you with an invitation to create your member account.',
    ],
    notes: ['You need do nothing more for now. If any of your details change, simply reply or contact us below.'],
  };
}

export interface FoundersListReceivedData {
  firstName: string;
  /** As the prospect gave it on the form, e.g. "6 bottles". */
  idealAllocation: string;
}

export function foundersListReceived(data: FoundersListReceivedData, { brand }: TemplateContext): MailContent {
  return {
    subject: `Your ${brand.name} Founder's List request`,
    preheader: "We have your Founder's List request.",
    heading: "Thank you for joining the Founder's List",
    paragraphs: [
      `Dear ${data.firstName},`,
      `We have received your request to join the ${brand.name} Founder's List, with an ideal allocation of ${data.idealAllocation}.`,
      'Our team will review it and write to you before the first offering opens.',
    ],
    notes: ['If any of your details change, simply contact us below.'],
  };
}
