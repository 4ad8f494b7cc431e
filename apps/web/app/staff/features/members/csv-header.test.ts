import { describe, expect, it } from 'vitest';
import { csvHeader } from './csv-header';

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
