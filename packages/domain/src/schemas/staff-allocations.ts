import { z } from 'zod';
import { AllocationMetaDataInputSchema, AllocationMetaDataSchema } from './allocation.js';
import { QuantitySchema } from './offering.js';
import { EmailSchema } from './login.js';
import { pageOf, PageQuerySchema } from './pagination.js';
import { idInput } from './params.js';
import { textInput } from './primitives.js';
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

/**
 * Where a member's invitation to an offering stands, furthest step first: ordered, their link
 * used, else the last invitation e-mail's state (failed, queued or sent), else optedOut (never
 * invited, and they turned offering invitations off in their account), else none.
 */
export const INVITATION_STATES = ['none', 'optedOut', 'queued', 'sent', 'failed', 'linkUsed', 'ordered'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const InvitationStatusSchema = z.object({
  state: z.enum(INVITATION_STATES),
  /** ISO instant the member reached that state; null for none. */
  at: z.string().nullable(),
});

export const StaffAllocationSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tierId: z.uuid().nullable(),
  tierName: z.string().nullable(),
  /** The member's own order minimum; null means the offering's applies. */
  orderMinimumCents: z.number().int().nullable(),
  metaData: AllocationMetaDataSchema,
  /** `wineId` is the catalogue wine's id (as PUT takes it), `offeringWineId` the offered wine's. */
  lines: z.array(z.object({ wineId: z.uuid(), offeringWineId: z.uuid(), minimum: z.number().int(), maximum: z.number().int() })),
  /** Whether the member has an order in this offering that was not cancelled. */
  hasOrdered: z.boolean(),
  invitation: InvitationStatusSchema,
});
export type StaffAllocation = z.infer<typeof StaffAllocationSchema>;
export const StaffAllocationListSchema = z.array(StaffAllocationSchema);
export const StaffAllocationPageSchema = pageOf(StaffAllocationSchema);

/** A search over members: part of the name or the e-mail. */
export const MemberSearchSchema = textInput().max(100, { error: 'tooLong' }).optional();

/** `GET /v1/staff/offerings/{offeringId}/allocations?q=&tierId=&state=&limit=&cursor=` */
export const AllocationListQuerySchema = PageQuerySchema.extend({
  q: MemberSearchSchema,
  tierId: idInput().optional(),
  state: z.enum(INVITATION_STATES, { error: 'invalidType' }).optional(),
});
export type AllocationListQuery = z.output<typeof AllocationListQuerySchema>;

export const AllocationIdParamsSchema = z.object({ offeringId: idInput(), allocationId: idInput() });

/**
 * `POST /v1/staff/offerings/{offeringId}/allocations/bulk`: these limits for every member matching
 * the filter; with `onlyAllocated: false` members without an allocation get one. Wine ids are
 * catalogue or offering-wine ids of the offering.
 */
export const AllocationBulkInputSchema = z.object({
  filter: z
    .object({
      q: MemberSearchSchema,
      tierId: idInput().optional(),
      onlyAllocated: z.boolean({ error: 'invalidType' }).default(true),
    })
    .default({ onlyAllocated: true }),
  lines: z.array(AllocationLineInputSchema).min(1, { error: 'required' }).max(50, { error: 'tooLong' }),
});
export type AllocationBulkInput = z.output<typeof AllocationBulkInputSchema>;
export const AllocationBulkResultSchema = z.object({ matched: z.number().int(), updated: z.number().int() });

/** `?dryRun=true|false` of the CSV import (true unless it says false). */
export const AllocationImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'invalidType' }).default('true'),
});

export const ImportProblemSchema = z.object({ line: z.number().int(), field: z.string(), message: z.string() });
export const AllocationImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(ImportProblemSchema),
  /** The first 50 rows as they would be written. */
  preview: z.array(
    z.object({
      line: z.number().int(),
      email: z.string(),
      customerId: z.uuid().nullable(),
      lines: z.array(z.object({ wineId: z.uuid(), minimum: z.number().int(), maximum: z.number().int() })),
    }),
  ),
});
export type AllocationImportResult = z.infer<typeof AllocationImportResultSchema>;
