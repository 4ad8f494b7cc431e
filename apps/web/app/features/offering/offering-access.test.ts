import { describe, expect, it } from 'vitest';
import type { AllocationStatus } from '@winery/domain';
import { offeringRedirect, selectionTitleKey, type OfferingPage } from './offering-access';

const STATUSES: AllocationStatus[] = ['offering', 'thank-you', 'allocation-expired', 'account-info'];
const HOME: Record<AllocationStatus, string> = {
  offering: '/offering/letter',
  'thank-you': '/offering/thank-you',
  'allocation-expired': '/offering/closed',
  'account-info': '/profile',
};

/** The statuses that may open a page; everyone else goes to their own starting point. */
function allowed(page: OfferingPage, metaData = {}) {
  return STATUSES.filter((status) => offeringRedirect(page, status, metaData) === null);
}

describe('who may open which offering page', () => {
  it('opens the letter and the vintage notes while the offering is open or after ordering', () => {
    expect(allowed('letter')).toEqual(['offering', 'thank-you']);
    expect(allowed('vintageNotes')).toEqual(['offering', 'thank-you']);
  });

  it('opens choosing and paying only to a member who has not ordered from an open offering', () => {
    expect(allowed('selection')).toEqual(['offering']);
    expect(allowed('checkout')).toEqual(['offering']);
    expect(offeringRedirect('checkout', 'thank-you', {})).toBe('/offering/thank-you');
    expect(offeringRedirect('selection', 'allocation-expired', {})).toBe('/offering/closed');
    expect(offeringRedirect('selection', 'account-info', {})).toBe('/profile');
  });

  it('shows the order summary after ordering and Offering Closed in the grace window only', () => {
    expect(allowed('thankYou')).toEqual(['thank-you']);
    expect(allowed('closed')).toEqual(['allocation-expired']);
    expect(offeringRedirect('thankYou', 'offering', {})).toBe('/offering/letter');
    expect(offeringRedirect('closed', 'thank-you', {})).toBe('/offering/thank-you');
  });

  it('sends everyone turned away to memberHome', () => {
    for (const status of STATUSES) {
      if (status !== 'thank-you') expect(offeringRedirect('thankYou', status, {})).toBe(HOME[status]);
    }
  });

  it('hides the letter where the offering has none, sending the member to the allocation', () => {
    for (const metaData of [{ 'skip-letter': true }, { 'campaign-type': 'fl-onboarding' as const }, { 'campaign-type': 'event-offering' as const }]) {
      expect(offeringRedirect('letter', 'offering', metaData)).toBe('/offering/allocation');
      expect(offeringRedirect('letter', 'thank-you', metaData)).toBe('/offering/thank-you');
    }
  });

  it('hides the vintage notes only when show-vintage-notes is false', () => {
    expect(offeringRedirect('vintageNotes', 'offering', { 'show-vintage-notes': false })).toBe('/offering/letter');
    expect(offeringRedirect('vintageNotes', 'offering', { 'show-vintage-notes': true })).toBeNull();
    expect(offeringRedirect('vintageNotes', 'offering', null)).toBeNull();
  });

  it('opens the event pages for an event offering only', () => {
    const event = { 'campaign-type': 'event-offering' as const };
    expect(offeringRedirect('eventLetter', 'offering', event)).toBeNull();
    expect(offeringRedirect('eventSelection', 'offering', event)).toBeNull();
    expect(offeringRedirect('eventSelection', 'thank-you', event)).toBe('/offering/thank-you');
    expect(offeringRedirect('eventLetter', 'offering', {})).toBe('/offering/letter');
  });

  it("names the selection page Founder's List Invitation for the two special campaigns", () => {
    expect(selectionTitleKey({})).toBe('offeringAllocation');
    expect(selectionTitleKey(null)).toBe('offeringAllocation');
    expect(selectionTitleKey({ 'campaign-type': 'fl-onboarding' })).toBe('foundersListInvitation');
    expect(selectionTitleKey({ 'campaign-type': 'event-offering' })).toBe('foundersListInvitation');
  });
});
