import { z } from 'zod';
import { requiredText } from './fields.js';
import { pageOf, PageQuerySchema } from './pagination.js';
import { idInput } from './params.js';
import { integerInput, textInput } from './primitives.js';
import { CentsInputSchema } from './staff.js';
import { WineImageSchema } from './wine-image.js';

export const WINE_NAME_MAX_LENGTH = 80;
export const TEXT_BLOCK_MAX_LENGTH = 4_000;

/**
 * `POST /v1/staff/wines` and `PUT /v1/staff/wines/{wineId}`: one row per name, vintage and bottle
 * size (a magnum is its own wine). priceCents is where an offering's price starts (null: none yet).
 */
export const WineInputSchema = z.object({
  name: requiredText('required', WINE_NAME_MAX_LENGTH),
  vintage: integerInput({ min: 1900, max: 2100 }),
  sizeMl: integerInput({ min: 50, max: 30_000 }).default(750),
  priceCents: CentsInputSchema.nullable().default(null),
  description: textInput({ multiline: true }).max(TEXT_BLOCK_MAX_LENGTH, { error: 'tooLong' }).default(''),
  tastingNotes: textInput({ multiline: true }).max(TEXT_BLOCK_MAX_LENGTH, { error: 'tooLong' }).default(''),
});
export type WineInput = z.infer<typeof WineInputSchema>;

export const WineSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  priceCents: z.number().int().nullable(),
  description: z.string(),
  tastingNotes: z.string(),
  /** Its picture (PUT /v1/staff/wines/{wineId}/image); null until one is uploaded. */
  image: WineImageSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Wine = z.infer<typeof WineSchema>;
export const WineListSchema = z.array(WineSchema);
/** `GET /v1/staff/wines`: by name, vintage and size, a page at a time. */
export const WinePageSchema = pageOf(WineSchema);

/** `?q=` finds wines whose name contains the text (any case). */
export const WineListQuerySchema = PageQuerySchema.extend({
  q: textInput().max(WINE_NAME_MAX_LENGTH, { error: 'tooLong' }).optional(),
});
export type WineListQuery = z.output<typeof WineListQuerySchema>;

export const WineIdParamsSchema = z.object({ wineId: idInput() });

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
