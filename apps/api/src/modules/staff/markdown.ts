import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/*
 * The one Markdown renderer: members read an offering's letter and vintage notes through it, and
 * the console's live preview calls it, so staff see exactly what members will. Markdown only: raw
 * HTML in the source is dropped before rendering, and the output goes through an allow-list
 * (paragraphs, h2–h4, emphasis, links, lists, quotes, rules, line breaks) whatever the parser made.
 */

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // Raw HTML written into the Markdown (a block or an inline tag) is not rendered at all.
    html: () => '',
  },
});

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br', 'hr'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // What is not allowed is dropped, its text kept; script and style with their content.
  disallowedTagsMode: 'discard',
  // A paragraph left empty once raw HTML was dropped.
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '' && !frame.mediaChildren.length,
  transformTags: {
    // A letter's page has its own h1: a top heading in the letter reads as the next level.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer' } }),
  },
};

/** Scripts and styles written inline go with their content (other raw tags leave their text). */
const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** Markdown → sanitised HTML, as members receive it; '' for an empty or blank source. */
export function renderMarkdown(markdown: string): string {
  if (markdown.trim() === '') return '';
  const html = marked.parse(markdown.replace(SCRIPT_OR_STYLE, ''), { async: false });
  return sanitizeHtml(html, ALLOWED).trim();
}

/** The HTML members read, or null when staff wrote no Markdown (the structured letter is shown). */
export const markdownHtml = (markdown: string | null | undefined): string | null =>
  markdown && markdown.trim() !== '' ? renderMarkdown(markdown) : null;
