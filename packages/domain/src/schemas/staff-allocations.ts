import { z } from 'zod';
import { AllocationMetaDataInputSchema, AllocationMetaDataSchema } from './allocation.js';
import { QuantitySchema } from './offering.js';
import { EmailSchema } from './login.js';
import { idInput } from './params.js';
import { CentsInputSchema } from './staff.js';

export const AllocationLineInputSchema = z
  .object({
    wineId: idInput(),
    minimum: QuantitySchema.default(0),
    maximum: QuantitySchema,
  })
  .refine((line) => line.minimum <= line.maximum, { path: ['minimum'], error: 'invalidQuantity' });

/**
 * One member's allocation in an offering, named by customer id or by e-mail (exactly one). The
 * lines listed become the member's limits; wines left out are no longer offered to them.
 * `orderMinimumCents` and `metaData` left out keep what the member had (nothing, for a new one);
 * `orderMinimumCents: null` goes back to the offering's minimum.
 */
export const AllocationAssignmentSchema = z
  .object({
    customerId: idInput().optional(),
    email: EmailSchema.optional(),
    orderMinimumCents: CentsInputSchema.nullable().optional(),
    metaData: AllocationMetaDataInputSchema.optional(),
    lines: z.array(AllocationLineInputSchema).max(50, { error: 'tooLong' }),
  })
  .refine((value) => Boolean(value.customerId) !== Boolean(value.email), { path: ['email'], error: 'emailRequired' });
export type AllocationAssignment = z.output<typeof AllocationAssignmentSchema>;

/** `PUT /v1/staff/offerings/{offeringId}/allocations`: all applied, or none. Larger lists go in batches. */
export const ALLOCATION_BATCH_MAX = 1_000;
export const AllocationAssignmentListSchema = z
  .array(AllocationAssignmentSchema)
  .min(1, { error: 'required' })
  .max(ALLOCATION_BATCH_MAX, { error: 'tooLong' });

export const StaffAllocationSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The member's own order minimum; null means the offering's applies. */
  orderMinimumCents: z.number().int().nullable(),
  metaData: AllocationMetaDataSchema,
  lines: z.array(z.object({ wineId: z.uuid(), minimum: z.number().int(), maximum: z.number().int() })),
  /** Whether the member has an order in this offering that was not cancelled. */
  hasOrdered: z.boolean(),
});
export type StaffAllocation = z.infer<typeof StaffAllocationSchema>;
export const StaffAllocationListSchema = z.array(StaffAllocationSchema);
