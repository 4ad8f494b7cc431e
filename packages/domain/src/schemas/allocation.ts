import { z } from 'zod';
import { ReleaseSettingsSchema } from './release-settings.js';
import { TenantSlugSchema } from './params.js';
import { jsonRecordInput, jsonValueInput } from './primitives.js';

export const CAMPAIGN_TYPES = ['fl-onboarding', 'event-offering'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** The allocation metaData keys of seed §3; other keys are kept as they are. */
export const AllocationMetaDataSchema = z
  .object({
    'skip-letter': z.boolean().optional(),
    'campaign-type': z.enum(CAMPAIGN_TYPES).optional(),
    'show-vintage-notes': z.boolean().optional(),
  })
  .catchall(z.unknown());
export type AllocationMetaData = z.infer<typeof AllocationMetaDataSchema>;

/**
 * metaData as staff send it: any JSON object whose keys and strings pass the text rule and whose
 * depth is bounded (it is stored as jsonb), with the seed's keys checked as above.
 */
export const AllocationMetaDataInputSchema = jsonRecordInput(jsonValueInput()).pipe(AllocationMetaDataSchema);

export const PendingOrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
  placedAt: z.string(),
});
export type PendingOrder = z.infer<typeof PendingOrderSchema>;

/** An item of `GET /v1/{tenant}/customer/{customerId}/allocation`; the first is the current one. */
export const AllocationSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type AllocationSummary = z.infer<typeof AllocationSummarySchema>;

export const AllocationListSchema = z.array(AllocationSummarySchema);

/**
 * `GET /v1/{tenant}/customer/{customerId}/allocation/{allocationId}` (seed §3, §7). startDate and
 * endDate are the member's own window (their tier's opening and close, issue 17).
 */
export const AllocationDetailSchema = z.object({
  id: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  pendingOrders: z.array(PendingOrderSchema),
  metaData: AllocationMetaDataSchema,
  /** How the offering releases its bottles: a waiting room at the opening, holds at checkout. */
  release: ReleaseSettingsSchema.default({ waitingRoom: false, holdMinutes: null }),
});
export type AllocationDetail = z.infer<typeof AllocationDetailSchema>;

export const AllocationListParamsSchema = z.object({
  tenant: TenantSlugSchema,
  customerId: z.uuid({ error: 'invalidId' }),
});

export const AllocationParamsSchema = AllocationListParamsSchema.extend({
  allocationId: z.uuid({ error: 'invalidId' }),
});
