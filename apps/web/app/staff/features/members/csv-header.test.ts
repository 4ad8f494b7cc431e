import { describe, expect, it } from 'vitest';
import { csvHeader, csvRecords } from './csv-header';

describe('csvHeader', () => {
  it('reads the first line of a plain export', () => {
    expect(csvHeader('First Name,Last Name,Email\r\nAda,Lovelace,ada@example.com\r\n')).toEqual(['First Name', 'Last Name', 'Email']);
  });

  it('keeps quoted names whole: commas, doubled quotes and line breaks inside quotes', () => {
    expect(csvHeader('"Name, first","Say ""hi""","Two\nlines",Zip\nx,y,z,1')).toEqual(['Name, first', 'Say "hi"', 'Two\nlines', 'Zip']);
  });

  it('reads the columns of a semicolon or tab export (Excel where a comma is the decimal mark, or its Unicode text)', () => {
    expect(csvHeader('Prénom;Nom;"Adresse, ligne 1";Courriel\r\nA;B;C;D')).toEqual(['Prénom', 'Nom', 'Adresse, ligne 1', 'Courriel']);
    expect(csvHeader('First Name\tEmail\tCity, State\n')).toEqual(['First Name', 'Email', 'City, State']);
  });

  it('drops a byte-order mark and spaces around names, and a trailing empty column', () => {
    expect(csvHeader('\uFEFF email , tier ,\n')).toEqual(['email', 'tier']);
    expect(csvHeader('')).toEqual([]);
  });
});

describe('csvRecords', () => {
  it('reads the first records of a file, quoted line breaks inside a value, blank lines skipped', () => {
    const text = 'First Name;Email\r\n\r\n"Hélène\nMarie";helene@example.com\r\nZoë;zoe@example.com\r\nAda;ada@example.com';
    expect(csvRecords(text, 3)).toEqual([
      ['First Name', 'Email'],
      ['Hélène\nMarie', 'helene@example.com'],
      ['Zoë', 'zoe@example.com'],
    ]);
    expect(csvRecords(text, 10)).toHaveLength(4);
  });

  it('reads a last record without a line break, and nothing of an empty file', () => {
    expect(csvRecords('email\nada@example.com', 2)).toEqual([['email'], ['ada@example.com']]);
    expect(csvRecords('email\n', 2)).toEqual([['email']]);
    expect(csvRecords('', 2)).toEqual([]);
  });
});
