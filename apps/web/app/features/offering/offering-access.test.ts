import { describe, expect, it } from 'vitest';
import type { AllocationStatus } from '@winery/domain';
import { isWindowOpen, offeringRedirect, selectionTitleKey, WAITING_ROOM_PATH, type OfferingPage } from './offering-access';

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

  it('opens choosing and paying while the offering is open, also to a member who has ordered and adds bottles', () => {
    expect(allowed('selection')).toEqual(['offering']);
    expect(allowed('checkout')).toEqual(['offering']);
    for (const page of ['selection', 'checkout'] as const) {
      expect(offeringRedirect(page, 'thank-you', {}, { open: true })).toBeNull();
      // Ordered, and the window has ended (the grace window): the order summary.
      expect(offeringRedirect(page, 'thank-you', {}, { open: false })).toBe('/offering/thank-you');
    }
    expect(offeringRedirect('checkout', 'thank-you', {})).toBe('/offering/thank-you');
    expect(offeringRedirect('selection', 'allocation-expired', {}, { open: true })).toBe('/offering/closed');
    expect(offeringRedirect('selection', 'account-info', {})).toBe('/profile');
    expect(offeringRedirect('eventSelection', 'thank-you', { 'campaign-type': 'event-offering' }, { open: true })).toBeNull();
  });

  it('tells an open window by its dates alone, to the millisecond', () => {
    const detail = { id: '00000000-0000-4000-8000-000000000001', startDate: '2026-05-01T16:00:00.000Z', endDate: '2026-05-31T07:00:00.000Z' };
    expect(isWindowOpen(detail, new Date('2026-05-01T15:59:59.999Z'))).toBe(false);
    expect(isWindowOpen(detail, new Date('2026-05-01T16:00:00.000Z'))).toBe(true);
    expect(isWindowOpen(detail, new Date('2026-05-31T07:00:00.000Z'))).toBe(true);
    expect(isWindowOpen(detail, new Date('2026-05-31T07:00:00.001Z'))).toBe(false);
    expect(isWindowOpen(null)).toBe(false);
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

describe("before the member's own opening (issue 17)", () => {
  it('opens the letter (which says when) and the waiting room, and sends every other page to the letter', () => {
    // The status rules are the seed's: before the window, account-info.
    const before = { beforeOpening: true };
    expect(offeringRedirect('letter', 'account-info', {}, before)).toBeNull();
    expect(offeringRedirect('waitingRoom', 'account-info', {}, before)).toBeNull();
    for (const page of ['selection', 'checkout', 'vintageNotes', 'thankYou', 'closed'] as const) {
      expect(offeringRedirect(page, 'account-info', {}, before)).toBe('/offering/letter');
    }
    // Even an offering that skips its letter shows it before the opening: it is where the date is said.
    expect(offeringRedirect('letter', 'account-info', { 'skip-letter': true }, before)).toBeNull();
    const event = { 'campaign-type': 'event-offering' as const };
    expect(offeringRedirect('eventLetter', 'account-info', event, before)).toBeNull();
    expect(offeringRedirect('eventSelection', 'account-info', event, before)).toBe('/event/letter');
    // Without the flag, the seed's rules as before: the account.
    expect(offeringRedirect('letter', 'account-info', {})).toBe('/profile');
  });

  it('sends a member not yet admitted through the waiting room from choosing and paying to it', () => {
    const queued = { queued: true };
    expect(offeringRedirect('selection', 'offering', {}, queued)).toBe(WAITING_ROOM_PATH);
    expect(offeringRedirect('checkout', 'offering', {}, queued)).toBe(WAITING_ROOM_PATH);
    expect(offeringRedirect('checkout', 'thank-you', {}, { ...queued, open: true })).toBe(WAITING_ROOM_PATH);
    expect(offeringRedirect('eventSelection', 'offering', { 'campaign-type': 'event-offering' }, queued)).toBe(WAITING_ROOM_PATH);
    // The letter and the notes are not held back; nor is anyone who may not choose at all.
    expect(offeringRedirect('letter', 'offering', {}, queued)).toBeNull();
    expect(offeringRedirect('vintageNotes', 'offering', {}, queued)).toBeNull();
    expect(offeringRedirect('selection', 'allocation-expired', {}, queued)).toBe('/offering/closed');
    expect(offeringRedirect('selection', 'offering', {}, { queued: false })).toBeNull();
    // The waiting room itself is for members who may choose.
    expect(offeringRedirect('waitingRoom', 'offering', {})).toBeNull();
    expect(offeringRedirect('waitingRoom', 'allocation-expired', {})).toBe('/offering/closed');
  });
});
