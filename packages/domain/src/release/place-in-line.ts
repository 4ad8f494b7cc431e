import { z } from 'zod';
import { textInput } from '../schemas/primitives.js';

/**
 * The prospect's place in line (issue 17, item 4): where a pending request to join stands among
 * the pending requests of its kind, and an honest estimate of when an invitation is likely,
 * drawn only from what the winery actually did in its last offerings.
 */

export const PLACE_REQUEST_KINDS = ['allocation', 'founders-list'] as const;
export type PlaceRequestKind = (typeof PLACE_REQUEST_KINDS)[number];
export const PLACE_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;

/** How many offerings' periods of admissions the estimate reads. */
export const PLACE_HISTORY_OFFERINGS = 3;

/** The e-mailed link's token, sent in the body (never a query string, never a server log). */
export const PlaceInLineInputSchema = z.object({
  token: textInput({ error: 'placeLinkInvalid', trim: false })
    .min(1, { error: 'placeLinkInvalid' })
    .max(256, { error: 'placeLinkInvalid' }),
});
export type PlaceInLineInput = z.infer<typeof PlaceInLineInputSchema>;

export const PlaceEstimateSchema = z.object({
  /** Offerings from now until the invitation is likely: 1 = the next one. */
  offerings: z.number().int().min(1),
  /** About when that offering is likely to open (ISO instant); null when the offerings' dates give no pace. */
  likelyBy: z.string().nullable(),
  /** Prospects of this kind the winery admitted per offering lately (average, one decimal). */
  admittedPerOffering: z.number().min(0),
});
export type PlaceEstimate = z.infer<typeof PlaceEstimateSchema>;

export const PlaceInLineSchema = z.object({
  kind: z.enum(PLACE_REQUEST_KINDS),
  status: z.enum(PLACE_REQUEST_STATUSES),
  /** 1-based among pending requests of the same kind, by request time; null once decided. */
  position: z.number().int().min(1).nullable(),
  /** Pending requests of the same kind made before this one; null once decided. */
  aheadOfYou: z.number().int().min(0).nullable(),
  /** All pending requests of the same kind, this one included; null once decided. */
  waiting: z.number().int().min(0).nullable(),
  requestedAt: z.string(),
  /** Null when there is no history to go by (or the request is decided): said so, never guessed. */
  estimate: PlaceEstimateSchema.nullable(),
});
export type PlaceInLine = z.infer<typeof PlaceInLineSchema>;

export interface QueuedRequest {
  id: string;
  requestedAt: Date;
}

/** Earlier request first; the same instant is broken by id, so every reader sees one order. */
export function compareQueuedRequests(a: QueuedRequest, b: QueuedRequest): number {
  return a.requestedAt.getTime() - b.requestedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Where `mine` stands among `pending` (the pending requests of its kind, in any order, `mine`
 * among them or not): 1-based position and how many are ahead. Null when `mine` is not pending.
 */
export function placeAmong(
  mine: QueuedRequest,
  pending: readonly QueuedRequest[],
): { position: number; aheadOfYou: number; waiting: number } | null {
  if (!pending.some((request) => request.id === mine.id)) return null;
  const aheadOfYou = pending.filter((request) => compareQueuedRequests(request, mine) < 0).length;
  return { position: aheadOfYou + 1, aheadOfYou, waiting: pending.length };
}

export interface AdmissionHistory {
  /** 1-based place in line. */
  position: number;
  /** Start of every published offering of the winery (any order; those after `now` are ignored). */
  offeringStarts: readonly Date[];
  /** When each request of this kind was approved (any order). */
  approvals: readonly Date[];
  now: Date;
}

/**
 * The estimate from the winery's last three offerings' periods: a period runs from one
 * offering's start (exclusive) to the next one's (inclusive), so an approval decided at an
 * offering's start counts for it. Admissions per offering are their average; the invitation is
 * likely within ceil(position / that) offerings; the next offerings are expected at the average
 * gap between those starts, counted on from the latest start (past ones skipped: a late winery
 * does not make the estimate lie in the past).
 *
 * Null when there is nothing to go by: fewer than two offerings started, or no one admitted in
 * those periods (a pace of zero promises nothing).
 */
export function estimateAdmission({ position, offeringStarts, approvals, now }: AdmissionHistory): PlaceEstimate | null {
  const starts = [...new Set(offeringStarts.map((start) => start.getTime()).filter((time) => time <= now.getTime()))].sort((a, b) => a - b);
  const recent = starts.slice(-(PLACE_HISTORY_OFFERINGS + 1));
  if (recent.length < 2) return null;
  const periods = recent.length - 1;
  const first = recent[0]!;
  const last = recent[recent.length - 1]!;
  const admitted = approvals.filter((at) => at.getTime() > first && at.getTime() <= last).length;
  if (admitted === 0) return null;
  const perOffering = admitted / periods;
  const offerings = Math.max(1, Math.ceil(position / perOffering));
  const gap = (last - first) / periods;
  let likelyBy: string | null = null;
  if (gap > 0) {
    // The first offering still to come at this pace, then (offerings - 1) more.
    const missed = Math.max(1, Math.ceil((now.getTime() - last) / gap));
    likelyBy = new Date(last + (missed + offerings - 1) * gap).toISOString();
  }
  return { offerings, likelyBy, admittedPerOffering: Math.round(perOffering * 10) / 10 };
}

export const SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const;
export type Season = (typeof SEASONS)[number];

/** The season (northern hemisphere, the winery's) and year of an instant, for "around spring 2027". */
export function seasonOf(iso: string, timeZone = 'UTC'): { season: Season; year: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(new Date(iso));
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const season: Season = month === 12 || month <= 2 ? 'winter' : month <= 5 ? 'spring' : month <= 8 ? 'summer' : 'autumn';
  return { season, year };
}
