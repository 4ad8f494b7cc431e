import { describe, expect, it } from 'vitest';
import { csvSeparator, decodeTextAs, decodeTextFile, textEncodingOf } from './text-file.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeTextFile', () => {
  it('reads UTF-8, with or without its byte-order mark (dropped)', () => {
    expect(decodeTextFile(utf8('Hélène,Zoë'))).toEqual({ text: 'Hélène,Zoë', encoding: 'utf-8' });
    expect(decodeTextFile(bytes(0xef, 0xbb, 0xbf, ...utf8('email')))).toEqual({ text: 'email', encoding: 'utf-8' });
    expect(decodeTextFile(bytes())).toEqual({ text: '', encoding: 'utf-8' });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, as Excel writes its plain CSV', () => {
    // H é l è n e, then the euro sign and a curly apostrophe, which only Windows-1252 has (not ISO-8859-1).
    expect(decodeTextFile(bytes(0x48, 0xe9, 0x6c, 0xe8, 0x6e, 0x65, 0x3b, 0x80, 0x92))).toEqual({ text: 'Hélène;€’', encoding: 'windows-1252' });
    // One stray byte in an otherwise ASCII file is enough to tell.
    expect(decodeTextFile(bytes(0x61, 0xff))).toEqual({ text: 'aÿ', encoding: 'windows-1252' });
  });

  it('reads UTF-16 by its byte-order mark, as Excel writes "Unicode text"', () => {
    const le = bytes(0xff, 0xfe, 0x48, 0, 0xe9, 0, 0x09, 0, 0x41, 0);
    expect(decodeTextFile(le)).toEqual({ text: 'Hé\tA', encoding: 'utf-16le' });
    const be = bytes(0xfe, 0xff, 0, 0x48, 0, 0xe9);
    expect(decodeTextFile(be)).toEqual({ text: 'Hé', encoding: 'utf-16be' });
  });
});

describe('decodeTextAs and textEncodingOf: a declared charset', () => {
  it('reads bytes as the encoding says, and refuses what is not valid UTF-8 or UTF-16', () => {
    expect(decodeTextAs(utf8('\uFEFFZoë'), 'utf-8')).toBe('Zoë');
    expect(() => decodeTextAs(bytes(0x5a, 0x6f, 0xeb), 'utf-8')).toThrow(TypeError);
    expect(decodeTextAs(bytes(0x5a, 0x6f, 0xeb), 'windows-1252')).toBe('Zoë');
    expect(() => decodeTextAs(bytes(0x00, 0xd8), 'utf-16le')).toThrow(TypeError);
  });

  it('knows the names a spreadsheet or a client gives its encodings, in any case, and no other', () => {
    expect(['UTF-8', 'utf8', ' utf-8 '].map(textEncodingOf)).toEqual(['utf-8', 'utf-8', 'utf-8']);
    expect(['utf-16', 'UTF-16LE', 'utf-16be'].map(textEncodingOf)).toEqual(['utf-16le', 'utf-16le', 'utf-16be']);
    expect(['windows-1252', 'CP1252', 'ISO-8859-1', 'latin1', 'us-ascii'].map(textEncodingOf)).toEqual(Array(5).fill('windows-1252'));
    expect(['shift_jis', 'iso-8859-2', 'macintosh', ''].map(textEncodingOf)).toEqual([null, null, null, null]);
  });
});

describe('csvSeparator', () => {
  it('is the comma, the semicolon or the tab, whichever the header line holds most of', () => {
    expect(csvSeparator('First Name,Last Name,Email\n')).toBe(',');
    expect(csvSeparator('Prénom;Nom;Courriel;Ville\r\na;b;c;d')).toBe(';');
    expect(csvSeparator('First Name\tLast Name\tEmail\n')).toBe('\t');
    expect(csvSeparator('\uFEFFemail;tier')).toBe(';');
  });

  it('reads only the header line, and not what is inside quotes', () => {
    expect(csvSeparator('email,"Tier; or club",name\nx;y;z;w;v')).toBe(',');
    expect(csvSeparator('"Street, number";"Zip, city";Email')).toBe(';');
    expect(csvSeparator('"say ""a,b,c""";x;y')).toBe(';');
  });

  it('is a comma when the line has no separator, or as many of two', () => {
    expect(csvSeparator('email\nsomeone@example.com')).toBe(',');
    expect(csvSeparator('')).toBe(',');
    expect(csvSeparator('a,b;c')).toBe(',');
    expect(csvSeparator('a;b\tc')).toBe(';');
    expect(csvSeparator('a;b\tc\td')).toBe('\t');
  });
});
