/**
 * One layout for every e-mail, rendered twice: a plain-text part and an HTML part in the
 * producer's style (the web app's paper, ink, burgundy and gold; serif headings). Templates hand
 * over plain strings only and everything is escaped here, so no template can inject markup.
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

/** What a template says, before layout. Every string is plain text. */
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
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (character) => HTML_ESCAPES[character]!);
}

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

const paragraphStyle = `margin:0 0 16px 0;font-family:${SANS};font-size:16px;line-height:1.6;color:${COLOR.ink};`;
const noteStyle = `margin:0 0 12px 0;font-family:${SANS};font-size:14px;line-height:1.6;color:${COLOR.inkSoft};`;

function brandContactLines(brand: MailBrand): string[] {
  return [brand.phone, brand.email, ...brand.postalAddress].filter((line): line is string => Boolean(line && line.trim()));
}

function renderText(content: MailContent, brand: MailBrand): string {
  const lines: string[] = [brand.name.toUpperCase(), '', content.heading, ''];
  for (const paragraph of content.paragraphs) lines.push(paragraph, '');
  if (content.action) lines.push(`${content.action.label}:`, content.action.url, '');
  for (const note of content.notes ?? []) lines.push(note, '');
  // '-- ' (with the space) is the signature separator mail apps recognise.
  lines.push('-- ', brand.name, ...brandContactLines(brand));
  return `${lines.join('\n')}\n`;
}

function renderButton(action: MailAction): string {
  const url = escapeHtml(action.url);
  return [
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">`,
    `<tr><td align="center" bgcolor="${COLOR.burgundy}" style="background-color:${COLOR.burgundy};border-radius:2px;">`,
    `<a href="${url}" target="_blank" style="display:inline-block;padding:14px 32px;font-family:${SANS};font-size:14px;font-weight:600;letter-spacing:0.12em;text-transform:uppercase;color:#ffffff;text-decoration:none;">${escapeHtml(action.label)}</a>`,
    `</td></tr></table>`,
    // The same link as words, for mail apps that hide buttons or a reader who copies it.
    `<p style="${noteStyle}">If the button does not work, copy this address into your browser:<br>`,
    `<a href="${url}" target="_blank" style="color:${COLOR.burgundy};word-break:break-all;">${url}</a></p>`,
  ].join('\n');
}

function renderContacts(brand: MailBrand): string {
  const parts: string[] = [];
  if (brand.phone) {
    const tel = brand.phone.replace(/[^\d+]/g, '');
    parts.push(`<a href="tel:${escapeHtml(tel)}" style="color:${COLOR.inkSoft};text-decoration:none;">${escapeHtml(brand.phone)}</a>`);
  }
  if (brand.email) {
    parts.push(
      `<a href="mailto:${escapeHtml(brand.email)}" style="color:${COLOR.inkSoft};text-decoration:none;">${escapeHtml(brand.email)}</a>`,
    );
  }
  const address = brand.postalAddress.filter((line) => line.trim()).map(escapeHtml).join(', ');
  return [
    `<p style="margin:0 0 6px 0;font-family:${SERIF};font-size:18px;color:${COLOR.burgundy};">${escapeHtml(brand.name)}</p>`,
    parts.length ? `<p style="margin:0 0 4px 0;font-family:${SANS};font-size:13px;line-height:1.6;color:${COLOR.inkSoft};">${parts.join(' &middot; ')}</p>` : '',
    address ? `<p style="margin:0;font-family:${SANS};font-size:13px;line-height:1.6;color:${COLOR.inkSoft};">${address}</p>` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function renderHtml(content: MailContent, brand: MailBrand): string {
  const paragraphs = content.paragraphs.map((p) => `<p style="${paragraphStyle}">${escapeHtml(p)}</p>`).join('\n');
  const notes = (content.notes ?? []).map((n) => `<p style="${noteStyle}">${escapeHtml(n)}</p>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLOR.paper};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:${COLOR.paper};">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOR.paper}" style="background-color:${COLOR.paper};">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:${COLOR.card};border:1px solid ${COLOR.rule};">
<tr><td align="center" style="padding:28px 40px 22px 40px;border-bottom:2px solid ${COLOR.gold};font-family:${SERIF};font-size:26px;letter-spacing:0.14em;text-transform:uppercase;color:${COLOR.burgundy};">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:36px 40px 12px 40px;">
<h1 style="margin:0 0 24px 0;font-family:${SERIF};font-size:30px;font-weight:500;line-height:1.2;color:${COLOR.ink};">${escapeHtml(content.heading)}</h1>
${paragraphs}
${content.action ? renderButton(content.action) : ''}
${notes}
</td></tr>
<tr><td style="padding:24px 40px 32px 40px;border-top:1px solid ${COLOR.rule};">
${renderContacts(brand)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function renderLayout(content: MailContent, brand: MailBrand): RenderedMail {
  return { subject: content.subject, text: renderText(content, brand), html: renderHtml(content, brand) };
}

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "March 3, 2027" for an ISO date or timestamp, read in UTC like every date of the product. */
export function formatLongDate(iso: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
