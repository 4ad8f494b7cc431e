import { z } from 'zod';
import { requiredText } from './fields.js';
import { integerInput, textInput } from './primitives.js';

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
