import type { SecretLink } from './secret-link.js';

/**
 * What templates, the layout and the renderer share. Kept apart from mail-templates.ts, which
 * imports every template: a template importing its types from there would make a cycle.
 */

/** Who the e-mail comes from: the tenant's primary brand and its contacts. */
export interface MailBrand {
  name: string;
  phone: string | null;
  email: string | null;
  /** Postal address, one line per entry ("PO Box 412", "Oakville, CA 94562", "US"). */
  postalAddress: string[];
}

export interface MailAction {
  /** The button's words. */
  label: string;
  /** Absolute http(s) URL. */
  url: string;
}

/** What a template says, before layout. Every string is plain text: the layout escapes it. */
export interface MailContent {
  subject: string;
  /** The line mail apps show beside the subject in the inbox. */
  preheader: string;
  heading: string;
  /** Paragraphs before the button, the first usually the greeting. */
  paragraphs: string[];
  action?: MailAction;
  /** Paragraphs after the button: expiry, "if this was not you". */
  notes?: string[];
  /**
   * Mail a member may turn off (issue 15): why they get it, a link that stops this kind in one
   * click, and the account's page of all the choices. Added by the mail service, never a template.
   */
  unsubscribe?: { reason: string; label: string; url: string; manageLabel: string; manageUrl: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Headers of the message's own: List-Unsubscribe and List-Unsubscribe-Post, on mail a member may turn off. */
  headers?: Record<string, string>;
}

export interface TemplateContext {
  brand: MailBrand;
  /**
   * The absolute URL of a path on the site (PUBLIC_URL), or an absolute URL checked as http(s).
   * A SecretLink's token is rendered as a stand-in that the service seals (renderSealedMail).
   */
  link: (pathOrUrl: string | SecretLink) => string;
}
