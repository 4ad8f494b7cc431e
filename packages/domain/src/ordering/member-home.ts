import type { AllocationStatus } from '../allocation-status.js';
import type { AllocationMetaData } from '../schemas/allocation.js';

/** The pages of an offering, under /offering (and /event for event offerings). */
export const OFFERING_PATHS = {
  letter: '/offering/letter',
  allocation: '/offering/allocation',
  vintageNotes: '/offering/vintage-notes',
  checkout: '/offering/checkout',
  thankYou: '/offering/thank-you',
  closed: '/offering/closed',
  eventLetter: '/event/letter',
} as const;

export const ACCOUNT_PATH = '/profile';

/** Whether the offering opens on its letter (seed §2: not for skip-letter, fl-onboarding, event-offering). */
export function hasLetter(metaData: AllocationMetaData | null | undefined): boolean {
  if (!metaData) return true;
  const campaign = metaData['campaign-type'];
  return !metaData['skip-letter'] && campaign !== 'fl-onboarding' && campaign !== 'event-offering';
}

/**
 * Where a member goes after signing in or opening an offering link (seed §4, §9): an open
 * offering starts at its letter (or at the allocation when the letter is skipped), a member who
 * has ordered sees the order summary, an offering in its grace window shows Offering Closed, and
 * everyone else the account.
 */
export function memberHome(status: AllocationStatus, metaData?: AllocationMetaData | null): string {
  switch (status) {
    case 'offering':
      return hasLetter(metaData) ? OFFERING_PATHS.letter : OFFERING_PATHS.allocation;
    case 'thank-you':
      return OFFERING_PATHS.thankYou;
    case 'allocation-expired':
      return OFFERING_PATHS.closed;
    default:
      return ACCOUNT_PATH;
  }
}
