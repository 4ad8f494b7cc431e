import { z } from 'zod';
import { AllocationMetaDataInputSchema, AllocationMetaDataSchema } from './allocation.js';
import { requiredText } from './fields.js';
import { CAMPAIGN_KINDS, createOfferingScheduleSchema, MAX_BOTTLES_PER_WINE } from './offering.js';
import { pageOf, PageQuerySchema } from './pagination.js';
import { AdmissionPerMinuteSchema, HoldMinutesSchema } from './release-settings.js';
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

const BottleLimitSchema = integerInput({ min: 0, max: MAX_BOTTLES_PER_WINE, error: 'invalidQuantity' });

/**
 * A wine of the catalogue, offered at a price, with the bottles set aside per location, and the
 * limits a member gets for it when staff allocate without naming others (minimum ≤ maximum).
 */
export const OfferingWineInputSchema = z
  .object({
    wineId: idInput(),
    priceCents: CentsInputSchema,
    stock: z.array(OfferingStockInputSchema).max(20, { error: 'tooLong' }).default([]),
    defaultMinimum: BottleLimitSchema.default(0),
    defaultMaximum: BottleLimitSchema.default(6),
  })
  .refine((wine) => wine.defaultMinimum <= wine.defaultMaximum, { path: ['defaultMinimum'], error: 'invalidQuantity' });
export type OfferingWineInput = z.infer<typeof OfferingWineInputSchema>;

/** "Whoever takes `wineId` must also take at least `quantity` of `requiresWineId`" (wine ids). */
export const OfferingCombinationInputSchema = z.object({
  wineId: idInput(),
  requiresWineId: idInput(),
  quantity: integerInput({ min: 1, max: MAX_BOTTLES_PER_WINE, error: 'invalidQuantity' }),
});

/** A letter or vintage notes as staff write them, in Markdown; members read it as sanitised HTML. */
export const MARKDOWN_MAX_LENGTH = 20_000;
export const MarkdownInputSchema = textInput({ multiline: true, trim: false }).max(MARKDOWN_MAX_LENGTH, { error: 'tooLong' });

export const OFFERING_STATUSES = ['draft', 'published'] as const;
/** A draft is the console's alone: members never see it and invitations cannot be sent for it. */
export type OfferingStatus = (typeof OFFERING_STATUSES)[number];

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
  /** When set, members who have not ordered get a reminder this many days before the close. */
  reminderDaysBefore: integerInput({ min: 1, max: 60 }).nullable().default(null),
  /** The letter and vintage notes in Markdown; when not empty, members read these instead of letter / vintageNotes. */
  letterMarkdown: MarkdownInputSchema.default(''),
  vintageNotesMarkdown: MarkdownInputSchema.default(''),
  /** Members admitted a minute through the waiting room at each opening; null: no waiting room (issue 17). */
  admissionPerMinute: AdmissionPerMinuteSchema.default(null),
  /** Minutes a member's choice is held at checkout; null: no holds (issue 17). */
  holdMinutes: HoldMinutesSchema.default(null),
});

/**
 * `POST /v1/staff/offerings`: the content, and a window chosen under seed §5's rules (the start
 * at least one day from now, not after the end).
 */
export const createOfferingInputSchema = (options: { now?: () => Date } = {}) =>
  z.intersection(
    OfferingContentSchema.extend({ status: z.enum(OFFERING_STATUSES, { error: 'invalidType' }).default('published') }),
    createOfferingScheduleSchema(options),
  );
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
  /**
   * The admission rate the form read. When the rate sent is this one (staff did not touch it), the
   * stored rate stands: a change made meanwhile on the dashboard is not set back by a form left
   * open. Not sent: the rate sent is the rate.
   */
  admissionPerMinuteWas: AdmissionPerMinuteSchema.optional(),
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

/**
 * The end an offering closed early at `closedAt` keeps: the millisecond before the close, its last
 * open instant, so that from the close itself every reader of the inclusive window (offeringPhase,
 * the members' status, an order) reads it closed, whichever millisecond it reads in. Never before
 * the start (the window's order); an offering closed in its first millisecond was open only then.
 */
export function earlyCloseEnd(startDate: Date, closedAt: Date): Date {
  return new Date(Math.max(closedAt.getTime() - 1, startDate.getTime()));
}

export const StaffOfferingSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  campaignType: z.enum(CAMPAIGN_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  phase: z.enum(OFFERING_PHASES),
  status: z.enum(OFFERING_STATUSES),
  /** Staff closed it before its planned end (its endDate is then the millisecond before they did: earlyCloseEnd). */
  closedEarly: z.boolean(),
  wineCount: z.number().int(),
  allocationCount: z.number().int(),
});
export type StaffOfferingSummary = z.infer<typeof StaffOfferingSummarySchema>;
export const StaffOfferingListSchema = z.array(StaffOfferingSummarySchema);
/** `GET /v1/staff/offerings`: latest start first, a page at a time. */
export const StaffOfferingPageSchema = pageOf(StaffOfferingSummarySchema);

/** `?phase=`: published offerings in that phase, or `draft` for the drafts (of any phase). */
export const OFFERING_LIST_FILTERS = [...OFFERING_PHASES, 'draft'] as const;
export const StaffOfferingListQuerySchema = PageQuerySchema.extend({
  phase: z.enum(OFFERING_LIST_FILTERS, { error: 'invalidType' }).optional(),
});
export type StaffOfferingListQuery = z.output<typeof StaffOfferingListQuerySchema>;

/** `POST /v1/staff/markdown-preview`: the HTML members would read, from the same renderer. */
export const MarkdownPreviewInputSchema = z.object({ markdown: MarkdownInputSchema });
export const MarkdownPreviewSchema = z.object({ html: z.string() });

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
  defaultMinimum: z.number().int(),
  defaultMaximum: z.number().int(),
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
  status: z.enum(OFFERING_STATUSES),
  metaData: AllocationMetaDataSchema,
  letter: z.object({ title: z.string(), paragraphs: z.array(z.string()), signature: z.string() }),
  vintageNotes: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) })),
  letterMarkdown: z.string(),
  vintageNotesMarkdown: z.string(),
  reminderDaysBefore: z.number().int().nullable(),
  admissionPerMinute: z.number().int().nullable(),
  holdMinutes: z.number().int().nullable(),
  /** When staff closed it before its planned end; null otherwise. */
  closedEarlyAt: z.string().nullable(),
  duplicatedFromId: z.uuid().nullable(),
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

/** One offering on the dashboard: the open one(s) and the next scheduled one. */
export const DashboardOfferingSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  phase: z.enum(OFFERING_PHASES),
  startDate: z.string(),
  endDate: z.string(),
  /** Seconds until the start (scheduled) or the end (open); null once passed. */
  secondsToStart: z.number().int().nullable(),
  secondsToEnd: z.number().int().nullable(),
  /** Members with an allocation in the offering. */
  allocated: z.number().int(),
  /** Allocated members sent their allocation link (an invitation, or a link staff had sent before). */
  invited: z.number().int(),
  /** Members who opened the offering through their e-mailed allocation link. */
  signedInThroughLink: z.number().int(),
  /** Members with an order that was not cancelled. */
  ordered: z.number().int(),
  /** ordered / invited × 100, one decimal; 0 when nobody was invited. */
  takeUpPercent: z.number(),
  /** Wine sales of the orders that were not cancelled, before shipping and tax. */
  revenueCents: z.number().int(),
  wines: z.array(
    z.object({ offeringWineId: z.uuid(), name: z.string(), vintage: z.number().int(), sizeMl: z.number().int(), sold: z.number().int(), left: z.number().int() }),
  ),
  /** Wishes waiting for an answer. */
  wishesWaiting: z.number().int(),
});
export type DashboardOffering = z.infer<typeof DashboardOfferingSchema>;

/** `GET /v1/staff/dashboard`: the live and next offerings, and prospects' requests waiting for a decision. */
export const DashboardSchema = z.object({
  generatedAt: z.string(),
  offerings: z.array(DashboardOfferingSchema),
  prospectsWaiting: z.number().int(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
