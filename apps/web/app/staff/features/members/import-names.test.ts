import { describe, expect, it } from 'vitest';
import { wholeNameParts } from './import-names';

describe('wholeNameParts', () => {
  it('says the title, the first name and the last name read from a whole name', () => {
    expect(wholeNameParts('Dr. Jane Doe', {})).toEqual([
      { part: 'prefix', value: 'Dr.' },
      { part: 'firstName', value: 'Jane' },
      { part: 'lastName', value: 'Doe' },
    ]);
    expect(wholeNameParts('de la Fontaine, Jean', {})).toEqual([
      { part: 'firstName', value: 'Jean' },
      { part: 'lastName', value: 'de la Fontaine' },
    ]);
  });

  it('says only what the columns of the names do not give', () => {
    expect(wholeNameParts('Müller', { firstName: 'Hans' })).toEqual([{ part: 'lastName', value: 'Müller' }]);
    expect(wholeNameParts('John', { lastName: 'Smith' })).toEqual([{ part: 'firstName', value: 'John' }]);
    expect(wholeNameParts('Jean Dupont', { firstName: 'Jean', lastName: 'Dupont' })).toEqual([]);
  });

  it("says no title where the title column gives one a profile offers", () => {
    expect(wholeNameParts('Dr. Jane Doe', { prefix: 'Mrs' })).toEqual([
      { part: 'firstName', value: 'Jane' },
      { part: 'lastName', value: 'Doe' },
    ]);
    expect(wholeNameParts('Dr. Jane Doe', { prefix: 'Herr' })[0]).toEqual({ part: 'prefix', value: 'Dr.' });
  });

  it('says when a whole name gives no first name, which its line is refused for', () => {
    expect(wholeNameParts('Müller', {})).toEqual([{ part: 'noFirstName' }, { part: 'lastName', value: 'Müller' }]);
  });
});
