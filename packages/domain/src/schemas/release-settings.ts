import { z } from 'zod';
import { integerInput } from './primitives.js';

/*
 * An offering's release settings (issue 17): the waiting room's admission rate and the hold time,
 * as staff type them on the offering and as a member's pages read them. Here, below release/, so
 * the offering's schemas can take them without the folders importing each other.
 */

export const ADMISSION_PER_MINUTE_MIN = 1;
export const ADMISSION_PER_MINUTE_MAX = 100_000;
export const HOLD_MINUTES_MIN = 5;
export const HOLD_MINUTES_MAX = 60;

/** Members admitted a minute from an opening's waiting room; null: the offering has no waiting room. */
export const AdmissionPerMinuteSchema = integerInput({
  min: ADMISSION_PER_MINUTE_MIN,
  max: ADMISSION_PER_MINUTE_MAX,
  error: 'admissionRateRange',
}).nullable();

/** Minutes a member's chosen bottles are held for them from choosing to paying; null: no holds. */
export const HoldMinutesSchema = integerInput({ min: HOLD_MINUTES_MIN, max: HOLD_MINUTES_MAX, error: 'holdMinutesRange' }).nullable();

/** What a member's pages need to know of the offering's release (the allocation detail's `release`). */
export const ReleaseSettingsSchema = z.object({
  /** The offering admits members through a waiting room at its opening (an admission rate is set). */
  waitingRoom: z.boolean(),
  /** Minutes a member's choice is held at checkout; null: no holds. */
  holdMinutes: z.number().int().nullable(),
});
export type ReleaseSettings = z.infer<typeof ReleaseSettingsSchema>;
