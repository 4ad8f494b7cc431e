import { z } from 'zod';
import { statesOf } from '../geo/regions.js';
import { AllocationMetaDataInputSchema, AllocationMetaDataSchema } from './allocation.js';
import { CountryCodeSchema, requiredText } from './fields.js';
import { EmailSchema, LoginSchema, TokenResponseSchema } from './login.js';
import { CAMPAIGN_KINDS, createOfferingScheduleSchema, MAX_BOTTLES_PER_WINE, QuantitySchema } from './offering.js';
import { integerInput, textInput } from './primitives.js';

/*
 * The staff API (`/v1/staff/…`) and, later, the staff console's forms. Staff speak of wines by
 * their catalogue id (`wines.id`) everywhere: in an offering's wines, its combination rules, a
 * member's allocation lines and wishes. Members see the same wines by their offering-wine id
 * (`OfferingWineSchema.id`), which exists only once a wine is in an offering.
 */

/**
 * What a staff member may do: `admin` everything, `manager` everything but staff accounts,
 * `viewer` only read. Ranked: each role may do what the roles after it may.
 */
export const STAFF_ROLES = ['admin', 'manager', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Staff sign in like members (e-mail and password) at their own endpoint. */
export const StaffLoginSchema = LoginSchema;
export type StaffLoginInput = z.infer<typeof StaffLoginSchema>;
export const StaffTokenResponseSchema = TokenResponseSchema;

/** A staff session lasts one working day; members keep theirs for 90 days. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export const StaffUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

const id = () => z.uuid({ error: 'invalidId' });

/** Money in whole cents; up to a million dollars, far above any bottle or order minimum. */
export const CentsInputSchema = integerInput({ min: 0, max: 100_000_000 });

/** Bottles in a location: larger than any one member's quantity. */
export const StockQuantitySchema = integerInput({ min: 0, max: 1_000_000, error: 'invalidQuantity' });

/* ------------------------------------------------------------------ wines and locations */

export const WINE_NAME_MAX_LENGTH = 80;
export const TEXT_BLOCK_MAX_LENGTH = 4_000;

/** `POST /v1/staff/wines`: one row per name, vintage and bottle size (a magnum is its own wine). */
export const WineInputSchema = z.object({
  name: requiredText('required', WINE_NAME_MAX_LENGTH),
  vintage: integerInput({ min: 1900, max: 2100 }),
  sizeMl: integerInput({ min: 50, max: 30_000 }).default(750),
  description: textInput({ multiline: true }).max(TEXT_BLOCK_MAX_LENGTH, { error: 'tooLong' }).default(''),
});
export type WineInput = z.infer<typeof WineInputSchema>;

export const WineSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  description: z.string(),
  createdAt: z.string(),
});
export type Wine = z.infer<typeof WineSchema>;
export const WineListSchema = z.array(WineSchema);

/** An in-house inventory location (seed §9: two); `pickup` ones are offered at checkout. */
export const InventoryLocationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  hours: z.string(),
  countryCode: z.string(),
  stateCode: z.string().nullable(),
  shipsFrom: z.boolean(),
  pickup: z.boolean(),
});
export type InventoryLocation = z.infer<typeof InventoryLocationSchema>;
export const InventoryLocationListSchema = z.array(InventoryLocationSchema);

/* ------------------------------------------------------------------ offerings */

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

export const OfferingStockInputSchema = z.object({ locationId: id(), quantity: StockQuantitySchema });

/** A wine of the catalogue, offered at a price, with the bottles set aside per location. */
export const OfferingWineInputSchema = z.object({
  wineId: id(),
  priceCents: CentsInputSchema,
  stock: z.array(OfferingStockInputSchema).max(20, { error: 'tooLong' }).default([]),
});
export type OfferingWineInput = z.infer<typeof OfferingWineInputSchema>;

/** "Whoever takes `wineId` must also take at least `quantity` of `requiresWineId`" (wine ids). */
export const OfferingCombinationInputSchema = z.object({
  wineId: id(),
  requiresWineId: id(),
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

export const OfferingIdParamsSchema = z.object({ offeringId: id() });

/* ------------------------------------------------------------------ members' allocations */

export const AllocationLineInputSchema = z
  .object({
    wineId: id(),
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
    customerId: id().optional(),
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

/* ------------------------------------------------------------------ wishes */

export const WISH_STATUSES = ['requested', 'granted', 'declined'] as const;
export type WishStatusName = (typeof WISH_STATUSES)[number];

/**
 * The member's answer to `POST /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/wish`:
 * `quantity` bottles beyond the maximum, for the offering-wine `wineId`.
 */
export const WishSchema = z.object({
  wineId: z.uuid(),
  quantity: z.number().int(),
  status: z.enum(WISH_STATUSES),
});
export type Wish = z.infer<typeof WishSchema>;

/** A wish as staff answer it; granting raises the member's maximum for the wine by `quantity`. */
export const StaffWishSchema = z.object({
  id: z.uuid(),
  allocationId: z.uuid(),
  customerId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  wineId: z.uuid(),
  wineName: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  quantity: z.number().int(),
  status: z.enum(WISH_STATUSES),
  /** The member's maximum for the wine now (after a grant, already raised). */
  maximum: z.number().int(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type StaffWish = z.infer<typeof StaffWishSchema>;
export const StaffWishListSchema = z.array(StaffWishSchema);
export const WishIdParamsSchema = z.object({ wishId: id() });

/* ------------------------------------------------------------------ rate tables */

/** A state, province or region: from the country's list where it has one (US, CA, AU), else free text. */
const destinationFields = {
  countryCode: CountryCodeSchema,
  stateCode: textInput()
    .max(40, { error: 'tooLong' })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
};

function checkState(value: { countryCode: string; stateCode: string | null }, ctx: z.RefinementCtx) {
  const states = statesOf(value.countryCode);
  if (states && value.stateCode && !(value.stateCode.toUpperCase() in states)) {
    ctx.addIssue({ code: 'custom', path: ['stateCode'], message: 'stateInvalid' });
  }
}

const upperState = <T extends { countryCode: string; stateCode: string | null }>(value: T): T =>
  statesOf(value.countryCode) && value.stateCode ? { ...value, stateCode: value.stateCode.toUpperCase() } : value;

export const TaxRateInputSchema = z
  .object({
    ...destinationFields,
    /** 725 = 7.25 %. */
    rateBasisPoints: integerInput({ min: 0, max: 10_000 }),
    includesDuties: z.boolean({ error: 'invalidType' }).default(false),
  })
  .superRefine(checkState)
  .transform(upperState);

export const ShippingRateInputSchema = z
  .object({
    ...destinationFields,
    minBottles: integerInput({ min: 1, error: 'invalidQuantity' }),
    /** Null: this band has no upper end. */
    maxBottles: integerInput({ min: 1, error: 'invalidQuantity' }).nullable(),
    priceCents: CentsInputSchema,
    includesDuties: z.boolean({ error: 'invalidType' }).default(false),
  })
  .superRefine((value, ctx) => {
    checkState(value, ctx);
    if (value.maxBottles !== null && value.maxBottles < value.minBottles) {
      ctx.addIssue({ code: 'custom', path: ['maxBottles'], message: 'invalidQuantity' });
    }
  })
  .transform(upperState);

/** A destination that cannot receive wine; `name` fills 'Sorry, we cannot ship to {destination}.' */
export const ShippingRestrictionInputSchema = z
  .object({ ...destinationFields, name: requiredText('required', 80) })
  .superRefine(checkState)
  .transform(upperState);

export const ShippingNoticeInputSchema = z.object({
  countryCode: CountryCodeSchema,
  text: requiredText('required', 500, { multiline: true }),
});

/** `PUT /v1/staff/rates`: the tenant's four rate tables, replaced together. */
export const RateTablesInputSchema = z.object({
  taxRates: z.array(TaxRateInputSchema).max(500, { error: 'tooLong' }),
  shippingRates: z.array(ShippingRateInputSchema).max(1_000, { error: 'tooLong' }),
  restrictions: z.array(ShippingRestrictionInputSchema).max(300, { error: 'tooLong' }),
  notices: z.array(ShippingNoticeInputSchema).max(300, { error: 'tooLong' }),
});
export type RateTablesInput = z.output<typeof RateTablesInputSchema>;

const destinationView = { countryCode: z.string(), stateCode: z.string().nullable() };
export const RateTablesSchema = z.object({
  taxRates: z.array(z.object({ ...destinationView, rateBasisPoints: z.number().int(), includesDuties: z.boolean() })),
  shippingRates: z.array(
    z.object({
      ...destinationView,
      minBottles: z.number().int(),
      maxBottles: z.number().int().nullable(),
      priceCents: z.number().int(),
      includesDuties: z.boolean(),
    }),
  ),
  restrictions: z.array(z.object({ ...destinationView, name: z.string() })),
  notices: z.array(z.object({ countryCode: z.string(), text: z.string() })),
});
export type RateTablesView = z.infer<typeof RateTablesSchema>;
