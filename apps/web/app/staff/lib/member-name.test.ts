import { describe, expect, it } from 'vitest';
import { memberName } from './member-name';

describe('memberName', () => {
  it('names a member by first and last name, or by either alone', () => {
    expect(memberName({ firstName: 'Julia', lastName: 'Abernathy', email: 'julia@example.com' })).toBe('Julia Abernathy');
    expect(memberName({ firstName: 'Julia', lastName: '', email: 'julia@example.com' })).toBe('Julia');
    expect(memberName({ firstName: '', lastName: 'Abernathy', email: 'julia@example.com' })).toBe('Abernathy');
  });

  it('falls back to the e-mail when the member gave no name', () => {
    expect(memberName({ firstName: '', lastName: '', email: 'julia@example.com' })).toBe('julia@example.com');
  });
});
