import { z } from 'zod';
import { MINUTE_MS, SECOND_MS } from '../time.js';
import { HOLD_MINUTES_MAX, HOLD_MINUTES_MIN } from '../schemas/release-settings.js';

/*
 * Held selections (issue 17, item 3). When a member moves from choosing to checkout, the bottles
 * they chose are held for them for the offering's `holdMinutes`. A hold counts while it has not
 * ended and its expiry is still ahead: an expired hold gives its bottles back by itself, with no
 * job to run (ADR 030). Re-holding (a changed selection, another pick-up location) replaces the
 * lines but never the expiry, so a member cannot keep bottles from others by holding again.
 */

type Instant = string | Date;

const time = (value: Instant): number => (value instanceof Date ? value.getTime() : Date.parse(value));

/** Whether staff may set this many minutes as an offering's hold (null: the offering holds nothing; bounds in opening.ts). */
export function isHoldMinutes(minutes: number | null): boolean {
  return minutes === null || (Number.isInteger(minutes) && minutes >= HOLD_MINUTES_MIN && minutes <= HOLD_MINUTES_MAX);
}

/**
 * Whether a hold still keeps its bottles at `now`. The expiry instant itself is expired: the hold
 * counts while `now` is strictly before it (the database reads `expires_at > now` the same way).
 */
export function isHoldLive(hold: { expiresAt: Instant; endedAt?: Instant | null }, now: Date): boolean {
  if (hold.endedAt) return false;
  const expires = time(hold.expiresAt);
  return !Number.isNaN(expires) && now.getTime() < expires;
}

/**
 * When a hold placed at `now` ends: `minutes` from now for a new hold (none before, or the last
 * one expired or ended); the current expiry when the member's hold is still live, so holding
 * again never extends it.
 */
export function holdExpiry(input: { now: Date; minutes: number; current?: { expiresAt: Instant; endedAt?: Instant | null } | null }): Date {
  const { now, minutes, current } = input;
  if (!isHoldMinutes(minutes)) throw new RangeError(`A hold lasts ${HOLD_MINUTES_MIN} to ${HOLD_MINUTES_MAX} minutes, not ${minutes}.`);
  if (current && isHoldLive(current, now)) return new Date(time(current.expiresAt));
  return new Date(now.getTime() + minutes * MINUTE_MS);
}

/** Whole seconds a hold has left at `now`, rounded up (0 once it has expired). */
export function holdSecondsLeft(expiresAt: Instant, now: Date): number {
  const left = time(expiresAt) - now.getTime();
  if (Number.isNaN(left) || left <= 0) return 0;
  return Math.ceil(left / SECOND_MS);
}

/** "mm:ss" for a countdown ("04:59"; minutes past 99 are shown in full). */
export function formatHoldCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** The moments a countdown is read out to a screen reader: 5 minutes left, then 1. */
export const HOLD_MILESTONES = [5, 1] as const;
export type HoldMilestone = (typeof HOLD_MILESTONES)[number];

/**
 * The milestone a countdown has just reached, going from `before` to `after` seconds left: 5 when
 * it reaches 5:00 (or lower, having been above it), 1 at 1:00. Null when it reached none, so a
 * live region speaks twice in a hold, not every second. A countdown that starts under a
 * milestone (`before` null: the page just opened) announces nothing.
 */
export function holdMilestoneReached(before: number | null, after: number): HoldMilestone | null {
  if (before === null || after <= 0) return null;
  // The lowest milestone crossed wins: a tab asleep from 6:00 to 0:40 says 1 minute, not 5.
  let reached: HoldMilestone | null = null;
  for (const minutes of HOLD_MILESTONES) {
    const at = minutes * 60;
    if (before > at && after <= at) reached = minutes;
  }
  return reached;
}

/** PUT …/allocation/:allocationId/hold: the member's cart to hold, at a pick-up location or (default) where the bottles ship from. */
export const HoldInputSchema = z.object({
  cartId: z.uuid({ error: 'invalidId' }),
  locationId: z.uuid({ error: 'invalidId' }).optional(),
});
export type HoldInput = z.infer<typeof HoldInputSchema>;

export const HeldLineSchema = z.object({ wineId: z.uuid(), quantity: z.number().int().positive() });

export const HoldSchema = z.object({
  expiresAt: z.string(),
  locationId: z.uuid(),
  lines: z.array(HeldLineSchema),
});
export type Hold = z.infer<typeof HoldSchema>;

/** The member's hold (null when the offering holds nothing, or they hold nothing now) and the server's clock, for the countdown. */
export const HoldAnswerSchema = z.object({
  hold: HoldSchema.nullable(),
  serverTime: z.string(),
});
export type HoldAnswer = z.infer<typeof HoldAnswerSchema>;
