/**
 * Reading a spreadsheet's export the way it was saved. A list of members comes out of Excel, Numbers,
 * Google Sheets or another platform: UTF-8 (with or without a byte-order mark), Excel's "Unicode
 * text" (UTF-16 with a mark, columns separated by tabs), or Excel's plain "CSV", which is written in
 * the computer's legacy code page, Windows-1252 for Western languages, and, where a comma is the
 * decimal mark (France, Germany, Italy…), separates its columns with semicolons. Read as UTF-8 alone,
 * "Hélène" from such a file became "H\uFFFDl\uFFFDne", and a semicolon file one column with no e-mail.
 */

/** The WHATWG Encoding API, global in browsers and in Node; the domain's types name no runtime. */
declare const TextDecoder: new (label: string, options?: { fatal?: boolean; ignoreBOM?: boolean }) => { decode(input: Uint8Array): string };

export type TextFileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The text of a file's bytes: by its byte-order mark when it has one (dropped), else UTF-8 when the
 * bytes are valid UTF-8, else Windows-1252, which reads every byte (ISO-8859-1 files included: the
 * two agree on every letter).
 */
export function decodeTextFile(bytes: Uint8Array): { text: string; encoding: TextFileEncoding } {
  const marked: TextFileEncoding | null =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 'utf-8' : bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  const encoding = marked ?? 'utf-8';
  try {
    return { text: decodeTextAs(bytes, encoding), encoding };
  } catch {
    return { text: decodeTextAs(bytes, 'windows-1252'), encoding: 'windows-1252' };
  }
}

/**
 * The text of bytes in a known encoding, its byte-order mark dropped. Throws a TypeError when they
 * are not valid UTF-8 or UTF-16; Windows-1252 reads every byte.
 */
export function decodeTextAs(bytes: Uint8Array, encoding: TextFileEncoding): string {
  return encoding === 'windows-1252' ? windows1252(bytes) : new TextDecoder(encoding, { fatal: true }).decode(bytes);
}

/**
 * The encoding a `charset` names (a MIME type's parameter, case as sent), among those a spreadsheet
 * saves in; null for any other. As in browsers, ISO-8859-1 and ASCII are read as Windows-1252,
 * which extends both.
 */
export function textEncodingOf(charset: string): TextFileEncoding | null {
  const label = charset.trim().toLowerCase();
  if (label === 'utf-8' || label === 'utf8') return 'utf-8';
  if (label === 'utf-16' || label === 'utf-16le') return 'utf-16le';
  if (label === 'utf-16be') return 'utf-16be';
  if (['windows-1252', 'cp1252', 'x-cp1252', 'iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'us-ascii', 'ascii'].includes(label)) return 'windows-1252';
  return null;
}

/**
 * Windows-1252 differs from ISO-8859-1 only in 0x80-0x9F, where it has letters and punctuation
 * (€, ‚, ƒ, „, …, Š, Œ, Ž, curly quotes, –, —, ™, š, œ, ž, Ÿ) instead of control codes. Browsers'
 * TextDecoder reads them so; Node's gives the control codes, put right here. (Byte by byte in
 * script took 3.2 s for a 16 MB file, against 80 ms: the API reads files that size.)
 */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function windows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252').decode(bytes).replace(/[\u0080-\u009f]/g, (control) => WINDOWS_1252_HIGH[control.charCodeAt(0) - 0x80]!);
}

export type CsvSeparator = ',' | ';' | '\t';

/**
 * What separates the columns of a CSV export: the comma, the semicolon or the tab, whichever its
 * header line (the first record, quotes respected) holds most of; a comma when none or a tie.
 */
export function csvSeparator(text: string): CsvSeparator {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let index = text.charCodeAt(0) === 0xfeff ? 1 : 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' || char === '\r') break;
    else if (char === ',' || char === ';' || char === '\t') counts[char] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}
