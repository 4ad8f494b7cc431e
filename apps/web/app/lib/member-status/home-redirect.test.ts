import { describe, expect, it } from 'vitest';
import { homeRedirect } from './home-redirect';

describe('the home page of a member', () => {
  it('is their offering while it is under way, else the home page itself', () => {
    expect(homeRedirect({ status: 'offering', metaData: null })).toBe('/offering/letter');
    expect(homeRedirect({ status: 'offering', metaData: { 'skip-letter': true } })).toBe('/offering/allocation');
    expect(homeRedirect({ status: 'thank-you', metaData: null })).toBe('/offering/thank-you');
    expect(homeRedirect({ status: 'allocation-expired', metaData: null })).toBeNull();
    expect(homeRedirect({ status: 'account-info', metaData: null })).toBeNull();
  });
});
