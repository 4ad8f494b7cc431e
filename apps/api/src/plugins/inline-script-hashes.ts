import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

// Attribute values are skipped whole, so a '>' inside quotes does not end the tag.
const SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

/**
 * The CSP sources (`'sha256-…'`) of every inline script in a page, as the browser hashes them:
 * the element's text, UTF-8, after the HTML parser has turned CR LF into LF.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const digest = createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64');
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/** Every .html file under root, with the hashes of its inline scripts. */
export async function hashHtmlFiles(root: string): Promise<Map<string, string[]>> {
  const pages = new Map<string, string[]>();
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = join(entry.parentPath, entry.name);
    pages.set(path, inlineScriptHashes(await readFile(path, 'utf8')));
  }
  return pages;
}
