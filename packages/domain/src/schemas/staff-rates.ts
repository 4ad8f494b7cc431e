import { z } from 'zod';
import { statesOf } from '../geo/regions.js';
import { CountryCodeSchema, requiredText } from './fields.js';
import { integerInput, textInput } from './primitives.js';
import { CentsInputSchema } from './staff.js';

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
