import { getAllocationStatus, hasLetter, memberHome, type AllocationDetail, type AllocationMetaData, type AllocationStatus } from '@winery/domain';

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
 * and paying while the offering is open, also for a member who has ordered and adds bottles
 * (`open`: the window has not ended; thank-you lasts into the grace window, when it has).
 */
export function offeringRedirect(
  page: OfferingPage,
  status: AllocationStatus,
  metaData: AllocationMetaData | null | undefined,
  { open = status === 'offering' }: { open?: boolean } = {},
): string | null {
  const home = memberHome(status, metaData);
  const choosing = status === 'offering' || (status === 'thank-you' && open);
  switch (page) {
    case 'letter':
      return READING.has(status) && hasLetter(metaData) ? null : home;
    case 'vintageNotes':
      return READING.has(status) && showsVintageNotes(metaData) ? null : home;
    case 'selection':
    case 'checkout':
      return choosing ? null : home;
    case 'thankYou':
      return status === 'thank-you' ? null : home;
    case 'closed':
      return status === 'allocation-expired' ? null : home;
    case 'eventLetter':
      return READING.has(status) && isEventOffering(metaData) ? null : home;
    case 'eventSelection':
      return choosing && isEventOffering(metaData) ? null : home;
  }
}

/**
 * Whether the offering's window is open now (started, not ended), whatever the member has
 * ordered: a member who has ordered may still add bottles while it is.
 */
export function isWindowOpen(detail: Pick<AllocationDetail, 'id' | 'startDate' | 'endDate'> | null | undefined, now: Date = new Date()): boolean {
  return detail ? getAllocationStatus({ ...detail, pendingOrders: [] }, now) === 'offering' : false;
}

/** The selection page's name: Allocation, or Founder's List Invitation for the two special campaigns (seed §2). */
export function selectionTitleKey(metaData: AllocationMetaData | null | undefined): 'offeringAllocation' | 'foundersListInvitation' {
  const campaign = metaData?.['campaign-type'];
  return campaign === 'fl-onboarding' || campaign === 'event-offering' ? 'foundersListInvitation' : 'offeringAllocation';
}
