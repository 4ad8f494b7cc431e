import type { Offering } from '@winery/domain';

/** What the thank-you page knows when it decides whether to offer "Add bottles". */
export interface AddBottlesContext {
  /** The offering answer, once it is there: its closing time, the server's clock, each wine's room. */
  offering?: Pick<Offering, 'closesAt' | 'serverTime' | 'wines'> | undefined;
  /** The allocation's end date, for before the offering answer arrives (or when it failed). */
  endDate: string | undefined;
  /** This device's clock, the fallback when the server's is not known. */
  now: Date;
}

/**
 * Whether a member who has ordered may still add bottles (ADR 017): the offering is open, and some
 * wine that is not sold out has room under their maximum once their orders are counted. Before the
 * offering answer arrives only the window is known, and it decides.
 */
export function canAddBottles({ offering, endDate, now }: AddBottlesContext): boolean {
  const closes = Date.parse(offering?.closesAt ?? endDate ?? '');
  const at = offering ? Date.parse(offering.serverTime) : now.getTime();
  if (!Number.isFinite(closes) || !Number.isFinite(at) || at >= closes) return false;
  if (!offering) return true;
  return offering.wines.some((wine) => wine.available && wine.maximum - wine.ordered > 0);
}
