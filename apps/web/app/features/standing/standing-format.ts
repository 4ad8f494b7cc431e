import type { StandingOffering, StandingWine } from '@winery/domain';

/**
 * What a member was offered of a wine, as their limits read: a range, "up to" when there is no
 * minimum, an exact number when both are the same, or nothing (0/0: only a wish named the wine).
 */
export type OfferedLimits =
  | { kind: 'range'; minimum: number; maximum: number }
  | { kind: 'upTo'; count: number }
  | { kind: 'exactly'; count: number }
  | { kind: 'notOffered' };

export function offeredLimits({ minimum, maximum }: Pick<StandingWine, 'minimum' | 'maximum'>): OfferedLimits {
  if (maximum <= 0) return { kind: 'notOffered' };
  if (minimum <= 0) return { kind: 'upTo', count: maximum };
  if (minimum >= maximum) return { kind: 'exactly', count: maximum };
  return { kind: 'range', minimum, maximum };
}

/** What became of a wish: not answered yet, granted in full, granted in part, or declined. */
export type WishOutcome =
  | { kind: 'waiting'; requested: number }
  | { kind: 'granted'; requested: number }
  | { kind: 'grantedInPart'; requested: number; granted: number }
  | { kind: 'declined'; requested: number };

export function wishOutcome(wish: NonNullable<StandingWine['wish']>): WishOutcome {
  const { requested } = wish;
  if (wish.status === 'requested') return { kind: 'waiting', requested };
  if (wish.status === 'declined') return { kind: 'declined', requested };
  // The API gives the bottles granted; a grant without a number was the whole request.
  const granted = wish.granted ?? requested;
  return granted >= requested ? { kind: 'granted', requested } : { kind: 'grantedInPart', requested, granted };
}

/**
 * How an offering ended for the member, the one thing its card leads with: they ordered (open or
 * closed), it is open and they have not ordered yet, it closed without an order (skipped), or it
 * closed before their own opening came (the API's `skipped` is false then: their turn never came).
 */
export type OfferingOutcome = 'ordered' | 'notYet' | 'skipped' | 'closedBeforeTurn';

export function offeringOutcome(offering: Pick<StandingOffering, 'state' | 'skipped' | 'orders'>): OfferingOutcome {
  if (offering.orders.length > 0) return 'ordered';
  if (offering.state === 'open') return 'notYet';
  return offering.skipped ? 'skipped' : 'closedBeforeTurn';
}

/** The page's summary: offerings the member was in, how many they ordered from and how many they skipped. */
export function standingSummary(offerings: readonly Pick<StandingOffering, 'state' | 'skipped' | 'orders'>[]) {
  const outcomes = offerings.map(offeringOutcome);
  return {
    offerings: offerings.length,
    ordered: outcomes.filter((outcome) => outcome === 'ordered').length,
    skipped: outcomes.filter((outcome) => outcome === 'skipped').length,
  };
}

const windowFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A member's window in days, read in UTC as every other date on the site is (formatDate), so the
 * same offering shows the same days everywhere: a range, "March 3 – 17, 2026", or, for a window
 * that never opened (the offering closed, or closed early, before the member's own opening), when
 * the opening was to be and when the offering closed. Null for a date it cannot read.
 */
export type WindowDays = { kind: 'days'; window: string } | { kind: 'neverOpened'; opening: string; closed: string };

export function describeWindow(opensAt: string, closesAt: string): WindowDays | null {
  const opens = new Date(opensAt);
  const closes = new Date(closesAt);
  if (Number.isNaN(opens.getTime()) || Number.isNaN(closes.getTime())) return null;
  if (closes < opens) return { kind: 'neverOpened', opening: windowFormat.format(opens), closed: windowFormat.format(closes) };
  return { kind: 'days', window: windowFormat.formatRange(opens, closes) };
}

/**
 * The rules' own headings one level down (h2 → h3, h3 → h4, h4 → h5): the renderer starts a
 * document at h2 for a letter's page, but here the rules sit under the page's h2 "Rules of the
 * list". The HTML comes sanitised, its headings bare tags without attributes.
 */
export function rulesUnderSection(html: string): string {
  return html.replace(/<(\/?)h([2-4])>/gi, (_tag, slash: string, level: string) => `<${slash}h${Number(level) + 1}>`);
}
