import { randomBytes } from 'node:crypto';
import { COMMUNICATION_PATH, type MailPreference } from '@winery/domain';
import { mailText } from '../../i18n/i18n.js';
import { fillHeaders, fillLinks, linkPlaceholder, type LinkSecrets } from './link-secrets.js';
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

export interface RenderContext {
  brand: MailBrand;
  publicUrl: string;
  /**
   * Mail a member may turn off (issue 15): the kind it is, and the member's unsubscribe link. The
   * message then says why it came, links to stop it, and carries List-Unsubscribe (the link) and
   * List-Unsubscribe-Post (RFC 8058 one-click), sealed with the bodies' links.
   */
  unsubscribe?: { preference: MailPreference; link: SecretLink };
}

/** RFC 8058: a mail app may offer "unsubscribe" and POST to the link itself, with this body. */
export const ONE_CLICK_UNSUBSCRIBE = 'List-Unsubscribe=One-Click';

/**
 * Renders a template with every SecretLink's token replaced by a placeholder, so the bodies can be
 * stored and shown without a usable link. The tokens never enter the rendered text: the template
 * sees a random stand-in, which is swapped for the placeholder afterwards.
 */
export async function renderSealedMail(template: MailTemplate, context: RenderContext): Promise<SealedMail> {
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
  let content = templateContent(template, { brand: context.brand, link });
  let headers: Record<string, string> | undefined;
  if (context.unsubscribe) {
    const url = link(context.unsubscribe.link);
    content = {
      ...content,
      unsubscribe: {
        reason: mailText(`unsubscribe.reason.${context.unsubscribe.preference}`, { brand: context.brand.name }),
        label: mailText('unsubscribe.link'),
        url,
        manageLabel: mailText('unsubscribe.manage'),
        manageUrl: link(COMMUNICATION_PATH),
      },
    };
    headers = { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': ONE_CLICK_UNSUBSCRIBE };
  }
  const rendered = await renderLayout(content, context.brand);
  if (tokens.length === 0) return { ...rendered, ...(headers ? { headers } : {}), secrets: null };

  const nonce = randomBytes(6).toString('hex');
  const seal = (body: string) => standIns.reduce((text, standIn, index) => text.split(standIn).join(linkPlaceholder(nonce, index)), body);
  if (standIns.some((standIn) => rendered.subject.includes(standIn))) throw new Error('A link token cannot go into a subject line.');
  const sealedHeaders = headers ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, seal(value)])) : undefined;
  return {
    subject: rendered.subject,
    text: seal(rendered.text),
    html: seal(rendered.html),
    secrets: { nonce, tokens, ...(sealedHeaders ? { headers: sealedHeaders } : {}) },
  };
}

/** Renders a template into its subject, plain-text part and HTML part, links complete (as sent). */
export async function renderMail(template: MailTemplate, context: RenderContext): Promise<RenderedMail> {
  const { secrets, ...sealed } = await renderSealedMail(template, context);
  if (!secrets) return sealed;
  const headers = fillHeaders(secrets);
  return { subject: sealed.subject, text: fillLinks(sealed.text, secrets), html: fillLinks(sealed.html, secrets), ...(headers ? { headers } : {}) };
}
