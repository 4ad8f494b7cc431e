import { z } from 'zod';
import { pageOf, PageQuerySchema } from '@winery/domain';
import { REQUEST_KINDS } from '../../db/schema/index.js';
import { JoinRequestSchema } from './joining.schemas.js';

/** As staff name a request's state: `waiting` (stored as pending), approved, declined. */
export const PROSPECT_STATES = ['waiting', 'pending', 'approved', 'declined'] as const;

/** `?kind=&status=` from a form with "any" chosen: an empty value means no filter. */
const anyOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values, { error: 'invalidType' }), z.literal('')])
    .optional()
    .transform((value) => (value ? (value as T[number]) : undefined));

export const ProspectListQuerySchema = PageQuerySchema.extend({
  kind: anyOr(REQUEST_KINDS),
  status: anyOr(PROSPECT_STATES).transform((value) => (value === 'waiting' ? 'pending' : value)),
});
export type ProspectListQuery = z.output<typeof ProspectListQuerySchema>;

/** A prospect's request with its place on its list's waiting line (1 = next; null once decided). */
export const ProspectSchema = JoinRequestSchema.extend({
  position: z.number().int().nullable().describe("1-based place among the requests of its kind still waiting, in arrival order; null once decided"),
});
export type Prospect = z.infer<typeof ProspectSchema>;
export const ProspectPageSchema = pageOf(ProspectSchema);
