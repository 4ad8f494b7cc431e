import { describe, expect, it } from 'vitest';
import { getHeaderNavigation, isNavigationHidden } from './navigation.js';

const keys = (input: Parameters<typeof getHeaderNavigation>[0]) =>
  getHeaderNavigation(input).map((item) => item.key);

describe('getHeaderNavigation', () => {
  it('shows the brochure, Allocation and Login to a visitor', () => {
    expect(keys({ loggedIn: false })).toEqual([
      'philosophy',
      'grandCrus',
      'matriarch',
      'team',
      'allocation',
      'login',
    ]);
  });

  it('ignores an allocation status when nobody is logged in', () => {
    expect(keys({ loggedIn: false, status: 'offering' })).toContain('login');
  });

  it.each(['account-info', 'allocation-expired', null, undefined] as const)(
    'shows the brochure and Account to a member whose status is %s',
    (status) => {
      expect(keys({ loggedIn: true, status })).toEqual([
        'philosophy',
        'grandCrus',
        'matriarch',
        'team',
        'account',
      ]);
    },
  );

  it.each(['offering', 'thank-you'] as const)('shows the offering links when %s', (status) => {
    expect(keys({ loggedIn: true, status, metaData: {} })).toEqual([
      'letter',
      'offeringAllocation',
      'vintageNotes',
    ]);
  });

  it('hides Letter when the allocation skips it', () => {
    expect(keys({ loggedIn: true, status: 'offering', metaData: { 'skip-letter': true } })).toEqual([
      'offeringAllocation',
      'vintageNotes',
    ]);
  });

  it('keeps Letter when skip-letter is false', () => {
    expect(keys({ loggedIn: true, status: 'offering', metaData: { 'skip-letter': false } })).toContain(
      'letter',
    );
  });

  it.each(['fl-onboarding', 'event-offering'] as const)(
    'labels Allocation "Founder\'s List Invitation" and hides Letter for %s',
    (campaign) => {
      expect(
        keys({ loggedIn: true, status: 'thank-you', metaData: { 'campaign-type': campaign } }),
      ).toEqual(['foundersListInvitation', 'vintageNotes']);
    },
  );

  it('hides Vintage Notes only when show-vintage-notes is false', () => {
    expect(
      keys({ loggedIn: true, status: 'offering', metaData: { 'show-vintage-notes': false } }),
    ).toEqual(['letter', 'offeringAllocation']);
    expect(
      keys({ loggedIn: true, status: 'offering', metaData: { 'show-vintage-notes': true } }),
    ).toContain('vintageNotes');
  });

  it('links the offering items to the offering pages', () => {
    expect(getHeaderNavigation({ loggedIn: true, status: 'offering' }).map((i) => i.to)).toEqual([
      '/offering/letter',
      '/offering/allocation',
      '/offering/vintage-notes',
    ]);
  });
});

describe('isNavigationHidden', () => {
  it.each(['/login-by-link/abc', '/founders-list', '/event/letter', '/event/harvest-dinner'])(
    'hides navigation on %s',
    (path) => expect(isNavigationHidden(path)).toBe(true),
  );
  it.each(['/', '/login', '/events', '/founders-listing', '/profile'])('shows it on %s', (path) =>
    expect(isNavigationHidden(path)).toBe(false),
  );
});
