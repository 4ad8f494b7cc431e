import { hasLetter, memberHome, type AllocationMetaData, type AllocationStatus } from '@winery/domain';

/** The offering's pages, each open to members in some allocation states only. */
export type OfferingPage = 'letter' | 'vintageNotes' | 'selection' | 'checkout' | 'thankYou' | 'closed' | 'eventLetter' | 'eventSelection';

const READING = new Set<AllocationStatus>(['offering', 'thank-you']);

export const showsVintageNotes = (metaData: AllocationMetaData | null | undefined): boolean =>
  metaData?.['show-vintage-notes'] !== false;

const isEventOffering = (metaData: AllocationMetaData | null | undefined): boolean =>
  metaData?.['campaign-type'] === 'event-offering';

/**
 * Where a member who may not see `page` goes instead (their own starting point, seed §4), or null
 * when they may see it. The letter and the vintage notes stay readable after ordering; choosing
 * and paying only while the offering is open and nothing has been ordered yet.
 */
export function offeringRedirect(
  page: OfferingPage,
  status: AllocationStatus,
  metaData: AllocationMetaData | null | undefined,
): string | null {
  const home = memberHome(status, metaData);
  switch (page) {
    case 'letter':
      return READING.has(status) && hasLetter(metaData) ? null : home;
    case 'vintageNotes':
      return READING.has(status) && showsVintageNotes(metaData) ? null : home;
    case 'selection':
    case 'checkout':
      return status === 'offering' ? null : home;
    case 'thankYou':
      return status === 'thank-you' ? null : home;
    case 'closed':
      return status === 'allocation-expired' ? null : home;
    case 'eventLetter':
      return READING.has(status) && isEventOffering(metaData) ? null : home;
    case 'eventSelection':
      return status === 'offering' && isEventOffering(metaData) ? null : home;
  }
}

/** The selection page's name: Allocation, or Founder's List Invitation for the two special campaigns (seed §2). */
export function selectionTitleKey(metaData: AllocationMetaData | null | undefined): 'offeringAllocation' | 'foundersListInvitation' {
  const campaign = metaData?.['campaign-type'];
  return campaign === 'fl-onboarding' || campaign === 'event-offering' ? 'foundersListInvitation' : 'offeringAllocation';
}
