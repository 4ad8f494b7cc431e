import { randomBytes } from 'node:crypto';
import { fillLinks, linkPlaceholder, type LinkSecrets } from './link-secrets.js';
import { renderLayout } from './templates/layout.js';
import { templateContent, type MailTemplate } from './templates/mail-templates.js';
import type { MailBrand, RenderedMail } from './templates/mail-types.js';
import { SecretLink } from './templates/secret-link.js';

/**
 * Makes links absolute on the public origin. A path keeps any prefix PUBLIC_URL has
 * (https://example.com/members + /login-by-link/x); anything but http(s) is refused, so a
 * `javascript:` value can never become a button.
 */
export function absoluteUrl(pathOrUrl: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const url = pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//') ? new URL(`${base}${pathOrUrl}`) : new URL(pathOrUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`A mail link must be an http(s) URL or a path (got ${url.protocol}).`);
  }
  return url.toString();
}

/** A rendered message whose link tokens are placeholders, and the tokens to put back at send time. */
export interface SealedMail extends RenderedMail {
  /** Null when the message has no secret link. */
  secrets: LinkSecrets | null;
}

/**
 * Renders a template with every SecretLink's token replaced by a placeholder, so the bodies can be
 * stored and shown without a usable link. The tokens never enter the rendered text: the template
 * sees a random stand-in, which is swapped for the placeholder afterwards.
 */
export async function renderSealedMail(template: MailTemplate, context: { brand: MailBrand; publicUrl: string }): Promise<SealedMail> {
  const tokens: string[] = [];
  const standIns: string[] = [];
  const link = (value: string | SecretLink) => {
    if (!(value instanceof SecretLink)) return absoluteUrl(value, context.publicUrl);
    let index = tokens.indexOf(value.token);
    if (index < 0) {
      index = tokens.push(value.token) - 1;
      standIns.push(randomBytes(24).toString('base64url'));
    }
    return absoluteUrl(`${value.path}${standIns[index]}`, context.publicUrl);
  };
  const rendered = await renderLayout(templateContent(template, { brand: context.brand, link }), context.brand);
  if (tokens.length === 0) return { ...rendered, secrets: null };

  const nonce = randomBytes(6).toString('hex');
  const seal = (body: string) => standIns.reduce((text, standIn, index) => text.split(standIn).join(linkPlaceholder(nonce, index)), body);
  if (standIns.some((standIn) => rendered.subject.includes(standIn))) throw new Error('A link token cannot go into a subject line.');
  return { subject: rendered.subject, text: seal(rendered.text), html: seal(rendered.html), secrets: { nonce, tokens } };
}

/** Renders a template into its subject, plain-text part and HTML part, links complete (as sent). */
export async function renderMail(template: MailTemplate, context: { brand: MailBrand; publicUrl: string }): Promise<RenderedMail> {
  const { secrets, ...sealed } = await renderSealedMail(template, context);
  if (!secrets) return sealed;
  return { subject: sealed.subject, text: fillLinks(sealed.text, secrets), html: fillLinks(sealed.html, secrets) };
}
