import { z } from 'zod';
import { pageOf, PageQuerySchema, textInput } from '@winery/domain';
import { BOTTLE_CHECK_RESULTS } from '../../db/schema/index.js';
import { SuspiciousBottleSchema, SuspiciousQuerySchema } from './bottles.schemas.js';

/** `GET /v1/staff/bottles/suspicious`: the window and threshold, a page at a time. */
export const SuspiciousPageQuerySchema = SuspiciousQuerySchema.extend(PageQuerySchema.shape);
export const SuspiciousBottlePageSchema = pageOf(SuspiciousBottleSchema);

/** The ID as staff type it (any case, dash optional); one that cannot be a bottle ID is simply not found. */
export const BottleParamsSchema = z.object({ bottleId: textInput({ error: 'required' }).min(1, { error: 'required' }).max(40, { error: 'tooLong' }) });

/** Most recent checks shown for one bottle; `checkCount` says how many there are in all. */
export const BOTTLE_CHECKS_SHOWN = 500;

export const StaffBottleSchema = z.object({
  bottleId: z.string(),
  bottleNumber: z.number().int(),
  wine: z.object({ id: z.uuid(), name: z.string(), vintage: z.number().int(), sizeMl: z.number().int() }),
  registeredAt: z.string(),
  /** The first check that found the bottle registered; null if nobody has checked it yet. */
  firstVerifiedAt: z.string().nullable(),
  checkCount: z.number().int(),
  /** Newest first, at most 500. origin: the country the check came from, or 'unknown' (never an address). */
  checks: z.array(z.object({ at: z.string(), origin: z.string(), result: z.enum(BOTTLE_CHECK_RESULTS) })),
});
export type StaffBottle = z.infer<typeof StaffBottleSchema>;
