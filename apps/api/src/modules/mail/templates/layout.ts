import { escapeAttribute, escapeText } from 'entities/escape';
import mjml2html from 'mjml';
import { mailText } from '../../../i18n/i18n.js';
import type { MailAction, MailBrand, MailContent, RenderedMail } from './mail-types.js';

/**
 * One layout for every e-mail, rendered twice: a plain-text part and an HTML part in the
 * producer's style (the web app's paper, ink, burgundy and gold; serif headings). The HTML part is
 * MJML (ADR 015), which writes the tables, inline styles and Outlook conditionals that mail apps
 * need. Templates hand over plain strings only; every one is escaped here before it enters the
 * markup, so no template can inject any.
 */

/**
 * How the layout puts a plain string into the markup. The mail escapes each context as HTML
 * itself does (WHATWG), so an apostrophe stays one in the mail apps that do not know &apos;.
 */
interface Escape {
  /** Text between tags. */
  content(value: string): string;
  /** An attribute's value, in double quotes. */
  attribute(value: string): string;
}

/**
 * Numbered slots instead of the escaped strings: the markup of every message of one shape (how
 * many paragraphs and notes, a button or none, which contacts the brand has) is then the same
 * string, compiled by MJML once (`compiledShapes`). The marker is plain letters and digits, which
 * MJML passes through as it passes the escaped text (layout.test.ts compares the two for every kind).
 */
function slots(): Escape & { values: string[] } {
  const values: string[] = [];
  const slot = (escaped: string) => `${SLOT_OPEN}${values.push(escaped) - 1}${SLOT_CLOSE}`;
  return { values, content: (value) => slot(escapeText(value)), attribute: (value) => slot(escapeAttribute(value)) };
}
const SLOT_OPEN = 'mjmlslot';
const SLOT_CLOSE = 'x';
const SLOT = new RegExp(`${SLOT_OPEN}(\\d+)${SLOT_CLOSE}`, 'g');

// The web app's palette (apps/web/app/styles): paper, ink, burgundy, gold.
const COLOR = {
  paper: '#fbf8f1',
  card: '#ffffff',
  rule: '#e8dfcc',
  ink: '#1c1915',
  inkSoft: '#4f473e',
  burgundy: '#5b1a28',
  gold: '#a88a4f',
} as const;
const SERIF = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
const SANS = "Jost, 'Helvetica Neue', Helvetica, Arial, sans-serif";
const SIDES = `1px solid ${COLOR.rule}`;

function contactLines(brand: MailBrand): string[] {
  return [brand.phone, brand.email, ...brand.postalAddress].filter((line): line is string => Boolean(line && line.trim()));
}

function renderText(mail: MailContent, brand: MailBrand): string {
  const lines: string[] = [brand.name.toUpperCase(), '', mail.heading, ''];
  for (const paragraph of mail.paragraphs) lines.push(paragraph, '');
  if (mail.action) lines.push(`${mail.action.label}:`, mail.action.url, '');
  for (const note of mail.notes ?? []) lines.push(note, '');
  // '-- ' (with the space) is the signature separator mail apps recognise.
  lines.push('-- ', brand.name, ...contactLines(brand));
  if (mail.unsubscribe) {
    const { reason, label, url, manageLabel, manageUrl } = mail.unsubscribe;
    lines.push('', reason, `${label}: ${url}`, `${manageLabel}: ${manageUrl}`);
  }
  return `${lines.join('\n')}\n`;
}

const text = (e: Escape, value: string, attributes = '') => `<mj-text${attributes}>${e.content(value)}</mj-text>`;

function button(e: Escape, action: MailAction): string {
  const href = e.attribute(action.url);
  return [
    `<mj-button href="${href}" padding="8px 0 24px 0">${e.content(action.label)}</mj-button>`,
    // The same link as words, for mail apps that hide buttons or a reader who copies it.
    `<mj-text mj-class="note">${e.content(mailText('copyLink'))}<br>`,
    `<a href="${href}" target="_blank" style="color:${COLOR.burgundy};word-break:break-all;">${e.content(action.url)}</a></mj-text>`,
  ].join('\n');
}

function contacts(e: Escape, brand: MailBrand): string {
  const links: string[] = [];
  if (brand.phone) {
    const tel = brand.phone.replace(/[^\d+]/g, '');
    links.push(`<a href="tel:${e.attribute(tel)}" style="color:${COLOR.inkSoft};text-decoration:none;">${e.content(brand.phone)}</a>`);
  }
  if (brand.email) {
    links.push(`<a href="mailto:${e.attribute(brand.email)}" style="color:${COLOR.inkSoft};text-decoration:none;">${e.content(brand.email)}</a>`);
  }
  const address = brand.postalAddress
    .filter((line) => line.trim())
    .map((line) => e.content(line))
    .join(', ');
  return [
    text(e, brand.name, ` font-family="${SERIF}" font-size="18px" color="${COLOR.burgundy}" padding="0 0 6px 0"`),
    links.length ? `<mj-text mj-class="contact">${links.join(' &middot; ')}</mj-text>` : '',
    address ? `<mj-text mj-class="contact">${address}</mj-text>` : '',
  ].join('\n');
}

/** Below the contacts, in small type: why this mail came, and the links that stop it. */
function unsubscribeFooter(e: Escape, unsubscribe: NonNullable<MailContent['unsubscribe']>): string {
  const link = (label: string, url: string) =>
    `<a href="${e.attribute(url)}" target="_blank" style="color:${COLOR.inkSoft};text-decoration:underline;">${e.content(label)}</a>`;
  return [
    `<mj-text mj-class="contact" padding="16px 0 4px 0">${e.content(unsubscribe.reason)}</mj-text>`,
    `<mj-text mj-class="contact">${link(unsubscribe.label, unsubscribe.url)} &middot; ${link(unsubscribe.manageLabel, unsubscribe.manageUrl)}</mj-text>`,
  ].join('\n');
}

function renderMjml(e: Escape, mail: MailContent, brand: MailBrand): string {
  return `<mjml lang="en">
<mj-head>
<mj-title>${e.content(mail.subject)}</mj-title>
<mj-preview>${e.content(mail.preheader)}</mj-preview>
<mj-attributes>
<mj-all font-family="${SANS}" />
<mj-text font-size="16px" line-height="1.6" color="${COLOR.ink}" padding="0 0 16px 0" />
<mj-button background-color="${COLOR.burgundy}" color="#ffffff" border-radius="2px" font-size="14px" font-weight="600" letter-spacing="0.12em" text-transform="uppercase" inner-padding="14px 32px" align="left" />
<mj-class name="note" font-size="14px" color="${COLOR.inkSoft}" padding="0 0 12px 0" />
<mj-class name="contact" font-size="13px" color="${COLOR.inkSoft}" padding="0 0 4px 0" />
</mj-attributes>
</mj-head>
<mj-body background-color="${COLOR.paper}" width="600px">
<mj-wrapper padding="32px 12px">
<mj-section background-color="${COLOR.card}" border-top="${SIDES}" border-left="${SIDES}" border-right="${SIDES}" border-bottom="2px solid ${COLOR.gold}" padding="28px 40px 22px 40px">
<mj-column>
${text(e, brand.name, ` align="center" font-family="${SERIF}" font-size="26px" letter-spacing="0.14em" text-transform="uppercase" color="${COLOR.burgundy}" padding="0"`)}
</mj-column>
</mj-section>
<mj-section background-color="${COLOR.card}" border-left="${SIDES}" border-right="${SIDES}" padding="36px 40px 12px 40px">
<mj-column>
<mj-text padding="0 0 24px 0"><h1 style="margin:0;font-family:${SERIF};font-size:30px;font-weight:500;line-height:1.2;color:${COLOR.ink};">${e.content(mail.heading)}</h1></mj-text>
${mail.paragraphs.map((paragraph) => text(e, paragraph)).join('\n')}
${mail.action ? button(e, mail.action) : ''}
${(mail.notes ?? []).map((note) => text(e, note, ' mj-class="note"')).join('\n')}
</mj-column>
</mj-section>
<mj-section background-color="${COLOR.card}" border-top="${SIDES}" border-left="${SIDES}" border-right="${SIDES}" border-bottom="${SIDES}" padding="24px 40px 32px 40px">
<mj-column>
${contacts(e, brand)}
${mail.unsubscribe ? unsubscribeFooter(e, mail.unsubscribe) : ''}
</mj-column>
</mj-section>
</mj-wrapper>
</mj-body>
</mjml>`;
}

/**
 * Strict: markup MJML does not know throws here rather than reaching a mail app. `fonts: {}`: no
 * web font is linked from Google; the stacks fall back to the mail app's own.
 */
async function compile(mjml: string): Promise<string> {
  return (await mjml2html(mjml, { validationLevel: 'strict', fonts: {} })).html;
}

/**
 * The compiled HTML of each shape the layout has met, by its slotted markup. MJML takes about 7 ms
 * of CPU per message (more on a busy machine): on release day that was most of an order's own
 * work (its receipt is rendered while it is placed), and a batch of invitations spent seconds in
 * it. There are a few dozen shapes, so the map stays small; it is emptied if it ever grows past
 * its bound (a brand edited many times).
 */
const compiledShapes = new Map<string, Promise<string>>();
const MAX_SHAPES = 500;

/** The plain-text and HTML parts of a message. */
export async function renderLayout(mail: MailContent, brand: MailBrand): Promise<RenderedMail> {
  const e = slots();
  const skeleton = renderMjml(e, mail, brand);
  let compiled = compiledShapes.get(skeleton);
  if (!compiled) {
    if (compiledShapes.size >= MAX_SHAPES) compiledShapes.clear();
    compiled = compile(skeleton);
    compiledShapes.set(skeleton, compiled);
    // A markup error is thrown to this caller and not kept for the next one.
    compiled.catch(() => compiledShapes.delete(skeleton));
  }
  const html = (await compiled).replace(SLOT, (_, index: string) => e.values[Number(index)]!);
  return { subject: mail.subject, text: renderText(mail, brand), html };
}

/** The same message compiled whole, without the shapes' cache: what the cache must equal (layout.test.ts). */
export async function renderLayoutUncached(mail: MailContent, brand: MailBrand): Promise<RenderedMail> {
  const direct: Escape = { content: escapeText, attribute: escapeAttribute };
  return { subject: mail.subject, text: renderText(mail, brand), html: await compile(renderMjml(direct, mail, brand)) };
}
