import {
  getAllocationStatus,
  hasLetter,
  memberHome,
  OFFERING_PATHS,
  type AllocationDetail,
  type AllocationMetaData,
  type AllocationStatus,
} from '@winery/domain';

/** The offering's pages, each open to members in some allocation states only. */
export type OfferingPage =
  | 'letter'
  | 'vintageNotes'
  | 'selection'
  | 'checkout'
  | 'thankYou'
  | 'closed'
  | 'eventLetter'
  | 'eventSelection'
  | 'waitingRoom';

/** Where a member waits for their place when the offering admits members through a waiting room (issue 17). */
export const WAITING_ROOM_PATH = '/offering/waiting-room';

export interface AccessOptions {
  /** The window has not ended: choosing and paying are open, also after an order. */
  open?: boolean;
  /** The member's own opening (their tier's) has not come yet: the letter only, with when it opens. */
  beforeOpening?: boolean;
  /** The offering has a waiting room and the member has not been admitted through it yet. */
  queued?: boolean;
}

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
 *
 * Before the member's own opening (issue 17) only the letter, which says when it opens, and the
 * waiting room are theirs; every other offering page sends them to the letter. With a waiting
 * room, a member not yet admitted who may choose is sent to it from choosing and paying.
 */
export function offeringRedirect(
  page: OfferingPage,
  status: AllocationStatus,
  metaData: AllocationMetaData | null | undefined,
  { open = status === 'offering', beforeOpening = false, queued = false }: AccessOptions = {},
): string | null {
  if (beforeOpening) {
    if (page === 'letter' || page === 'eventLetter' || page === 'waitingRoom') return null;
    return isEventOffering(metaData) ? OFFERING_PATHS.eventLetter : OFFERING_PATHS.letter;
  }
  const home = memberHome(status, metaData);
  const choosing = status === 'offering' || (status === 'thank-you' && open);
  if (choosing && queued && (page === 'selection' || page === 'checkout' || page === 'eventSelection')) return WAITING_ROOM_PATH;
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
    case 'waitingRoom':
      return choosing ? null : home;
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
