import { z } from 'zod';
import { pageOf, PageQuerySchema } from './pagination.js';
import { idInput } from './params.js';
import { MemberSearchSchema } from './staff-allocations.js';

/** `GET /v1/staff/members?q=&tierId=&offeringId=`: for "add a member" pickers. */
export const MemberListQuerySchema = PageQuerySchema.extend({
  q: MemberSearchSchema,
  tierId: idInput().optional(),
  /** The offering `allocated` refers to; without it, `allocated` is false throughout. */
  offeringId: idInput().optional(),
});
export type MemberListQuery = z.output<typeof MemberListQuerySchema>;

export const StaffMemberListItemSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tierId: z.uuid().nullable(),
  tierName: z.string().nullable(),
  /** Whether the member has an allocation in the offering named by `offeringId`. */
  allocated: z.boolean(),
});
export type StaffMemberListItem = z.infer<typeof StaffMemberListItemSchema>;
export const StaffMemberPageSchema = pageOf(StaffMemberListItemSchema);

export const TierSchema = z.object({ id: z.uuid(), name: z.string(), rank: z.number().int() });
export type Tier = z.infer<typeof TierSchema>;
export const TierListSchema = z.array(TierSchema);
