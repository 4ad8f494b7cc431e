import { z } from 'zod';
import { AllocationMetaDataInputSchema, AllocationMetaDataSchema } from './allocation.js';
import { requiredText } from './fields.js';
import { CAMPAIGN_KINDS, createOfferingScheduleSchema, MAX_BOTTLES_PER_WINE } from './offering.js';
import { idInput } from './params.js';
import { integerInput, textInput } from './primitives.js';
import { CentsInputSchema, StockQuantitySchema } from './staff.js';
import { TEXT_BLOCK_MAX_LENGTH } from './staff-catalogue.js';

/**
 * Where an event offering lives (`/event/{slug}`). Staff may type a title ("Spring 2027 Release");
 * it is stored as lower-case words joined by hyphens.
 */
export const SlugSchema = requiredText('required', 80)
  .transform((value) =>
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  )
  .pipe(z.string().min(1, { error: 'required' }));

const ParagraphsSchema = z
  .array(requiredText('required', TEXT_BLOCK_MAX_LENGTH, { multiline: true }), { error: 'invalidType' })
  .max(20, { error: 'tooLong' });

export const OfferingLetterSchema = z.object({
  title: textInput().max(200, { error: 'tooLong' }).default(''),
  paragraphs: ParagraphsSchema.default([]),
  signature: textInput({ multiline: true }).max(200, { error: 'tooLong' }).default(''),
});

export const VintageNoteInputSchema = z.object({
  title: requiredText('required', 200),
  paragraphs: ParagraphsSchema.default([]),
});

export const OfferingStockInputSchema = z.object({ locationId: idInput(), quantity: StockQuantitySchema });

/** A wine of the catalogue, offered at a price, with the bottles set aside per location. */
export const OfferingWineInputSchema = z.object({
  wineId: idInput(),
  priceCents: CentsInputSchema,
  stock: z.array(OfferingStockInputSchema).max(20, { error: 'tooLong' }).default([]),
});
export type OfferingWineInput = z.infer<typeof OfferingWineInputSchema>;

/** "Whoever takes `wineId` must also take at least `quantity` of `requiresWineId`" (wine ids). */
export const OfferingCombinationInputSchema = z.object({
  wineId: idInput(),
  requiresWineId: idInput(),
  quantity: integerInput({ min: 1, max: MAX_BOTTLES_PER_WINE, error: 'invalidQuantity' }),
});

/** Everything about an offering except its window. */
export const OfferingContentSchema = z.object({
  name: requiredText('required', 120),
  slug: SlugSchema,
  campaignType: z.enum(CAMPAIGN_KINDS, { error: 'invalidType' }).default('standard'),
  metaData: AllocationMetaDataInputSchema.default({}),
  letter: OfferingLetterSchema.default({ title: '', paragraphs: [], signature: '' }),
  vintageNotes: z.array(VintageNoteInputSchema).max(30, { error: 'tooLong' }).default([]),
  orderMinimumCents: CentsInputSchema.default(0),
  wines: z.array(OfferingWineInputSchema).max(50, { error: 'tooLong' }).default([]),
  combinations: z.array(OfferingCombinationInputSchema).max(50, { error: 'tooLong' }).default([]),
});

/**
 * `POST /v1/staff/offerings`: the content, and a window chosen under seed §5's rules (the start
 * at least one day from now, not after the end).
 */
export const createOfferingInputSchema = (options: { now?: () => Date } = {}) =>
  z.intersection(OfferingContentSchema, createOfferingScheduleSchema(options));
export type OfferingInput = z.output<ReturnType<typeof createOfferingInputSchema>>;
export type OfferingFormInput = z.input<ReturnType<typeof createOfferingInputSchema>>;

/**
 * `PUT /v1/staff/offerings/{offeringId}`. Whether the dates may change depends on the offering as
 * stored (a start already passed stays; an end not before now), so only the order of start and
 * end is checked here; the API checks the rest against the stored offering.
 */
export const OfferingUpdateSchema = OfferingContentSchema.extend({
  startDate: z.iso.datetime({ offset: true, error: 'invalidDate' }),
  endDate: z.iso.datetime({ offset: true, error: 'invalidDate' }),
}).superRefine((value, ctx) => {
  if (Date.parse(value.startDate) > Date.parse(value.endDate)) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'startAfterEnd' });
  }
});
export type OfferingUpdateInput = z.output<typeof OfferingUpdateSchema>;

export const OFFERING_PHASES = ['scheduled', 'open', 'closed'] as const;
/** Where an offering stands for staff: not started, in its window, or past its end. */
export type OfferingPhase = (typeof OFFERING_PHASES)[number];

/** Compares instants (UTC); the first and the last second of the window are open. */
export function offeringPhase(window: { startDate: string | Date; endDate: string | Date }, now: Date = new Date()): OfferingPhase {
  const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));
  if (now.getTime() < time(window.startDate)) return 'scheduled';
  if (now.getTime() <= time(window.endDate)) return 'open';
  return 'closed';
}

export const StaffOfferingSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  campaignType: z.enum(CAMPAIGN_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  phase: z.enum(OFFERING_PHASES),
  wineCount: z.number().int(),
  allocationCount: z.number().int(),
});
export type StaffOfferingSummary = z.infer<typeof StaffOfferingSummarySchema>;
export const StaffOfferingListSchema = z.array(StaffOfferingSummarySchema);

export const StaffOfferingWineSchema = z.object({
  /** The offering-wine id: what members see as the wine's id. */
  offeringWineId: z.uuid(),
  wineId: z.uuid(),
  name: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  priceCents: z.number().int(),
  stock: z.array(z.object({ locationId: z.uuid(), quantity: z.number().int() })),
  /** Bottles left over all locations. */
  available: z.number().int(),
  /** Sums over the members' allocation lines. */
  allocatedMinimum: z.number().int(),
  allocatedMaximum: z.number().int(),
  /** Bottles in orders that were not cancelled. */
  ordered: z.number().int(),
});
export type StaffOfferingWine = z.infer<typeof StaffOfferingWineSchema>;

/** `GET /v1/staff/offerings/{offeringId}`: the offering as staff edit it, with its wines' figures. */
export const StaffOfferingSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  campaignType: z.enum(CAMPAIGN_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  phase: z.enum(OFFERING_PHASES),
  metaData: AllocationMetaDataSchema,
  letter: z.object({ title: z.string(), paragraphs: z.array(z.string()), signature: z.string() }),
  vintageNotes: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) })),
  orderMinimumCents: z.number().int(),
  wines: z.array(StaffOfferingWineSchema),
  combinations: z.array(z.object({ wineId: z.uuid(), requiresWineId: z.uuid(), quantity: z.number().int() })),
  allocations: z.object({
    /** Members invited to the offering. */
    count: z.number().int(),
    /** Members with an order that was not cancelled. */
    ordered: z.number().int(),
    /** Wishes waiting for an answer. */
    wishesRequested: z.number().int(),
  }),
});
export type StaffOffering = z.infer<typeof StaffOfferingSchema>;

export const OfferingIdParamsSchema = z.object({ offeringId: idInput() });
