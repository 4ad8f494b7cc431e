import { describe, expect, it } from 'vitest';
import { hasLetter, memberHome } from './member-home.js';

describe('memberHome', () => {
  it('sends each status where seed §4 says', () => {
    expect(memberHome('offering', {})).toBe('/offering/letter');
    expect(memberHome('thank-you', {})).toBe('/offering/thank-you');
    expect(memberHome('allocation-expired', {})).toBe('/offering/closed');
    expect(memberHome('account-info', {})).toBe('/profile');
  });

  it('skips the letter where the offering has none', () => {
    expect(memberHome('offering', { 'skip-letter': true })).toBe('/offering/allocation');
    expect(memberHome('offering', { 'campaign-type': 'fl-onboarding' })).toBe('/offering/allocation');
    expect(memberHome('offering', { 'campaign-type': 'event-offering' })).toBe('/offering/allocation');
    expect(hasLetter(null)).toBe(true);
    expect(hasLetter({ 'skip-letter': false })).toBe(true);
  });
});
