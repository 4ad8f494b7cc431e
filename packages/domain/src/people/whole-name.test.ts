import { describe, expect, it } from 'vitest';
import { fillFromWholeName, prefixFromTitle, readWholeName } from './whole-name.js';

describe('readWholeName', () => {
  it('reads the last word as the family name, the words before it as the given names', () => {
    expect(readWholeName('Jean Dupont')).toEqual({ firstName: 'Jean', lastName: 'Dupont' });
    expect(readWholeName('  Anne   Marie  Louise Dupont ')).toEqual({ firstName: 'Anne Marie Louise', lastName: 'Dupont' });
    expect(readWholeName('Jean-Luc Godard')).toEqual({ firstName: 'Jean-Luc', lastName: 'Godard' });
  });

  it('begins the family name at a particle after the first word, whatever its case', () => {
    expect(readWholeName('Jean de la Fontaine')).toEqual({ firstName: 'Jean', lastName: 'de la Fontaine' });
    expect(readWholeName('Ludwig van Beethoven')).toEqual({ firstName: 'Ludwig', lastName: 'van Beethoven' });
    expect(readWholeName('Mary Ann Le Blanc')).toEqual({ firstName: 'Mary Ann', lastName: 'Le Blanc' });
    expect(readWholeName('Maria da Silva')).toEqual({ firstName: 'Maria', lastName: 'da Silva' });
    expect(readWholeName('Mary St. John')).toEqual({ firstName: 'Mary', lastName: 'St. John' });
    // The first word is a given name even when it reads as a particle; the last is always family.
    expect(readWholeName('Van Morrison')).toEqual({ firstName: 'Van', lastName: 'Morrison' });
    expect(readWholeName('Anna Maria Le')).toEqual({ firstName: 'Anna Maria', lastName: 'Le' });
  });

  it('reads a comma as the family name first, unless what follows it is a suffix', () => {
    expect(readWholeName('Dupont, Jean')).toEqual({ firstName: 'Jean', lastName: 'Dupont' });
    expect(readWholeName('de la Fontaine, Jean Pierre')).toEqual({ firstName: 'Jean Pierre', lastName: 'de la Fontaine' });
    expect(readWholeName('Doe, Dr. Jane')).toEqual({ prefix: 'Dr.', firstName: 'Jane', lastName: 'Doe' });
    expect(readWholeName('John Smith, Jr.')).toEqual({ firstName: 'John', lastName: 'Smith Jr.' });
    expect(readWholeName('John Smith III')).toEqual({ firstName: 'John', lastName: 'Smith III' });
    expect(readWholeName('Smith,')).toEqual({ firstName: '', lastName: 'Smith' });
  });

  it("keeps a title a profile offers, takes off one it does not, and leaves one that is all there is", () => {
    expect(readWholeName('Dr. Jane Doe')).toEqual({ prefix: 'Dr.', firstName: 'Jane', lastName: 'Doe' });
    expect(readWholeName('mrs Jane Doe')).toEqual({ prefix: 'Mrs.', firstName: 'Jane', lastName: 'Doe' });
    expect(readWholeName('Mme Marie Curie')).toEqual({ firstName: 'Marie', lastName: 'Curie' });
    expect(readWholeName('Herr Hans Müller')).toEqual({ firstName: 'Hans', lastName: 'Müller' });
    // A title and one word: no given name to read, so the line is refused for it.
    expect(readWholeName('Mr. Smith')).toEqual({ prefix: 'Mr.', firstName: '', lastName: 'Smith' });
    expect(readWholeName('Dr.')).toEqual({ firstName: '', lastName: 'Dr.' });
  });

  it('reads one word as a family name, and nothing as nothing', () => {
    expect(readWholeName('Müller')).toEqual({ firstName: '', lastName: 'Müller' });
    expect(readWholeName('   ')).toEqual({ firstName: '', lastName: '' });
  });

  it('with the first name in a column of its own, reads the rest as the family name', () => {
    expect(readWholeName('Müller', { firstName: 'Hans' })).toEqual({ firstName: 'Hans', lastName: 'Müller' });
    expect(readWholeName('von Weizsäcker', { firstName: 'Richard' })).toEqual({ firstName: 'Richard', lastName: 'von Weizsäcker' });
    expect(readWholeName('Hans Peter Müller', { firstName: 'hans  peter' })).toEqual({ firstName: 'hans peter', lastName: 'Müller' });
    // The whole name is not taken for a family name of none: all of it is the family name then.
    expect(readWholeName('Hans', { firstName: 'Hans' })).toEqual({ firstName: 'Hans', lastName: 'Hans' });
    expect(readWholeName('Herr Müller', { firstName: 'Hans' })).toEqual({ firstName: 'Hans', lastName: 'Müller' });
  });

  it('with the family name in a column of its own, reads what comes before it as the first name', () => {
    expect(readWholeName('John', { lastName: 'Smith' })).toEqual({ firstName: 'John', lastName: 'Smith' });
    expect(readWholeName('Mary Ann', { lastName: 'Le Blanc' })).toEqual({ firstName: 'Mary Ann', lastName: 'Le Blanc' });
    expect(readWholeName('Jean de la Fontaine', { lastName: 'De La Fontaine' })).toEqual({ firstName: 'Jean', lastName: 'De La Fontaine' });
    expect(readWholeName('Smith', { lastName: 'Smith' })).toEqual({ firstName: 'Smith', lastName: 'Smith' });
  });
});

describe('prefixFromTitle', () => {
  it("reads a title a profile offers, however it is written, and none it does not offer", () => {
    expect(['Mr', 'mr.', ' MRS ', 'Ms.', 'mx', 'Dr', 'doctor', 'Mister'].map(prefixFromTitle)).toEqual(['Mr.', 'Mr.', 'Mrs.', 'Ms.', 'Mx.', 'Dr.', 'Dr.', 'Mr.']);
    expect(['Herr', 'Mme', 'Miss', 'Prof.', '', 'Jane'].map(prefixFromTitle)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('fillFromWholeName', () => {
  it("gives the names a line's own columns leave empty, and nothing when both are there", () => {
    expect(fillFromWholeName('Dr. Jane Doe', {})).toEqual({ prefix: 'Dr.', firstName: 'Jane', lastName: 'Doe' });
    expect(fillFromWholeName('Müller', { firstName: 'Hans' })).toEqual({ lastName: 'Müller' });
    expect(fillFromWholeName('John', { lastName: 'Smith' })).toEqual({ firstName: 'John' });
    expect(fillFromWholeName('Ada Lovelace', { firstName: 'Ada', lastName: 'Vintner' })).toEqual({});
    expect(fillFromWholeName('Müller', {})).toEqual({ firstName: '', lastName: 'Müller' });
  });

  it("gives the whole name's title only where the title column gives none a profile offers", () => {
    expect(fillFromWholeName('Dr. Odile Roux', { prefix: 'Ms.' })).toEqual({ firstName: 'Odile', lastName: 'Roux' });
    expect(fillFromWholeName('Dr. Odile Roux', { prefix: 'Herr' })).toEqual({ prefix: 'Dr.', firstName: 'Odile', lastName: 'Roux' });
  });
});
