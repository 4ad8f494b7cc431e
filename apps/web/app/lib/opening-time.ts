import { openingState, type AllocationDetail } from '@winery/domain';

/*
 * A member's own opening (their tier's, issue 17), as the offering's pages and the account both
 * read it: whether it is still to come, and when it is in the member's own time zone.
 */

/**
 * Whether the member's own opening (the allocation detail's startDate: their tier's) is still to
 * come. Measured on the clock given: the server's, when the page knows it.
 */
export function isBeforeOpening(detail: Pick<AllocationDetail, 'id' | 'startDate' | 'endDate'> | null | undefined, now: Date = new Date()): boolean {
  if (!detail?.id) return false;
  return openingState({ opensAt: detail.startDate, closesAt: detail.endDate }, now) === 'before';
}

export interface OpeningTime {
  /** "March 3, 2027" */
  date: string;
  /** "8:00 AM" */
  time: string;
  /** "Pacific Standard Time": the zone the date and time are in, by name. */
  zone: string;
}

/** The browser's own time zone (the member's), e.g. "America/Los_Angeles"; UTC when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * When a member's offering opens, in their own time zone (the browser's), with the zone's name
 * as it stands on that date ("Pacific Daylight Time" in summer). Null for a value that is not a date.
 */
export function formatOpening(opensAt: string, timeZone: string = browserTimeZone()): OpeningTime | null {
  const instant = new Date(opensAt);
  if (Number.isNaN(instant.getTime())) return null;
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(instant);
  const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone }).format(instant);
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }).formatToParts(instant).find((part) => part.type === 'timeZoneName')
      ?.value ?? timeZone;
  return { date, time, zone };
}
