import { z } from 'zod';
import { ALLOCATION_GRACE_MS } from '../constants.js';
import { idInput } from '../schemas/params.js';

/*
 * Openings by tier (issue 17). Within one offering each tier may open (and close) on its own; a
 * member's window is their tier's when staff set one, else the offering's, and never runs past the
 * offering's end (closing an offering early closes every tier). The API reads the same rule from
 * the view `allocation_windows`; this is the rule the forms, the pages and the tests share.
 */

type Instant = string | Date;

const time = (value: Instant): number => (value instanceof Date ? value.getTime() : Date.parse(value));

/** A member's own window in an offering: from their opening to their close. */
export interface MemberWindow {
  opensAt: Date;
  closesAt: Date;
}

/** One tier's own opening within an offering; `closesAt` null closes with the offering. */
export interface TierOpening {
  opensAt: Instant;
  closesAt: Instant | null;
}

/**
 * The member's window: their tier's opening and close when the tier has one, else the offering's
 * start and end; the close is never after the offering's end.
 */
export function memberWindow(offering: { startDate: Instant; endDate: Instant }, tierOpening?: TierOpening | null): MemberWindow {
  const end = time(offering.endDate);
  if (!tierOpening) return { opensAt: new Date(time(offering.startDate)), closesAt: new Date(end) };
  const close = tierOpening.closesAt === null ? end : Math.min(time(tierOpening.closesAt), end);
  return { opensAt: new Date(time(tierOpening.opensAt)), closesAt: new Date(close) };
}

export const OPENING_STATES = ['before', 'open', 'grace', 'over'] as const;
/**
 * Where a member stands in their own window: not open yet, open (the opening and the closing
 * instants included), within the grace window after the close (thank-you pages stay), or over.
 */
export type OpeningState = (typeof OPENING_STATES)[number];

/**
 * Compares instants (UTC), with the app's clock passed in. An unreadable window is 'over'.
 *
 * A window that closes at or before its opening (the offering's end moved before a tier's
 * opening, or the offering closed early) is never 'before': nobody is told it opens. It is 'over'
 * until its close, as getAllocationStatus finds nothing current there, then in grace and over as
 * any window after its close (allocation-expired, seed §4).
 */
export function openingState(window: { opensAt: Instant; closesAt: Instant }, now: Date): OpeningState {
  const opens = time(window.opensAt);
  const closes = time(window.closesAt);
  if (Number.isNaN(opens) || Number.isNaN(closes)) return 'over';
  const t = now.getTime();
  if (t > closes) return t <= closes + ALLOCATION_GRACE_MS ? 'grace' : 'over';
  if (t >= opens) return 'open';
  return closes > opens ? 'before' : 'over';
}

/** The end of a member's grace window: what an allocation link to this window is valid until. */
export function graceEndsAt(window: { closesAt: Instant }): Date {
  return new Date(time(window.closesAt) + ALLOCATION_GRACE_MS);
}

/* ------------------------------------------------------------------ staff input */

// The release settings staff type (admission rate, hold minutes) are schemas/release-settings.ts:
// the offering's own schemas read them, and schemas never import release/.

const isoInstant = () => z.iso.datetime({ offset: true, error: 'invalidDate' });

export const TierOpeningInputSchema = z.object({
  tierId: idInput(),
  opensAt: isoInstant(),
  closesAt: isoInstant().nullable().default(null),
});
export type TierOpeningInput = z.output<typeof TierOpeningInputSchema>;

export interface OpeningProblem {
  /** Path in the body, e.g. ['openings', 1, 'closesAt']. */
  path: (string | number)[];
  /** A validation message key. */
  message: 'tierOpeningRepeated' | 'opensAfterCloses' | 'closesAfterOfferingEnd' | 'opensAfterOfferingEnd';
}

/**
 * What is wrong with a set of openings, field by field: a tier named twice, an opening not before
 * its close, and — when the offering's end is known — a close after it or an opening at or after it
 * (the tier would never open).
 */
export function openingsProblems(openings: readonly TierOpeningInput[], offeringEnd?: Instant | null): OpeningProblem[] {
  const problems: OpeningProblem[] = [];
  const seen = new Set<string>();
  const end = offeringEnd === undefined || offeringEnd === null ? null : time(offeringEnd);
  openings.forEach((opening, index) => {
    if (seen.has(opening.tierId)) problems.push({ path: ['openings', index, 'tierId'], message: 'tierOpeningRepeated' });
    seen.add(opening.tierId);
    const opens = time(opening.opensAt);
    if (opening.closesAt !== null && opens >= time(opening.closesAt)) {
      problems.push({ path: ['openings', index, 'closesAt'], message: 'opensAfterCloses' });
    }
    if (end !== null && !Number.isNaN(end)) {
      if (opening.closesAt !== null && time(opening.closesAt) > end) {
        problems.push({ path: ['openings', index, 'closesAt'], message: 'closesAfterOfferingEnd' });
      }
      if (opens >= end) problems.push({ path: ['openings', index, 'opensAt'], message: 'opensAfterOfferingEnd' });
    }
  });
  return problems;
}

/**
 * `PUT /v1/staff/offerings/{offeringId}/openings`: every tier's opening, replacing those stored.
 * With the offering's end (the console's form knows it) the closes are held to it too; the API
 * checks that part against the offering as stored.
 */
export const createOfferingOpeningsInputSchema = (options: { offeringEnd?: Instant | null } = {}) =>
  z
    .object({ openings: z.array(TierOpeningInputSchema, { error: 'invalidType' }).max(100, { error: 'tooLong' }) })
    .superRefine((value, ctx) => {
      for (const problem of openingsProblems(value.openings, options.offeringEnd)) {
        ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
      }
    });
export const OfferingOpeningsInputSchema = createOfferingOpeningsInputSchema();
export type OfferingOpeningsInput = z.output<typeof OfferingOpeningsInputSchema>;

/** `GET|PUT /v1/staff/offerings/{offeringId}/openings`: the tiers' openings, earliest first. */
export const OfferingOpeningsSchema = z.object({
  openings: z.array(
    z.object({
      tierId: z.uuid(),
      tierName: z.string(),
      opensAt: z.string(),
      closesAt: z.string().nullable(),
    }),
  ),
});
export type OfferingOpenings = z.infer<typeof OfferingOpeningsSchema>;
