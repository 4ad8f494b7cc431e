import { z } from 'zod';
import { integerInput, textInput } from '@winery/domain';

/**
 * The public check's body. Deliberately loose: the format is checked by the service, after the
 * same database work an unknown ID gets, so a malformed ID and an unknown one take as long.
 */
export const BottleCheckBodySchema = z
  .object({
    bottleId: textInput({ trim: false }).max(200, { error: 'tooLong' }).optional().describe('The ID on the label, e.g. "A123-B89Z" (any case, dash optional)'),
  })
  .describe('{ bottleId }');

export const MAX_IMPORT_ROWS = 10_000;

export const BottleImportBodySchema = z.object({
  csv: textInput({ error: 'required', multiline: true, trim: false })
    .min(1, { error: 'required' })
    .describe(
      'CSV text with a header row. Columns: bottle_id, bottle_number, and either wine_id (a catalogue wine id) or wine + vintage + size_ml (size_ml may be left out for 750). Up to 10,000 rows.',
    ),
});

export const BottleImportResultSchema = z.object({ imported: z.number().int() });

export const SuspiciousQuerySchema = z.object({
  minChecks: integerInput({ min: 2, max: 100_000, coerce: true }).default(5),
  days: integerInput({ min: 1, max: 366, coerce: true }).default(30),
});

export const SuspiciousBottleSchema = z.object({
  bottleId: z.string(),
  wineId: z.string(),
  wine: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  bottleNumber: z.number().int(),
  /** Checks in the window, from how many networks and countries. */
  checks: z.number().int(),
  networks: z.number().int(),
  countries: z.number().int(),
  firstCheckedAt: z.string(),
  lastCheckedAt: z.string(),
});
export const SuspiciousBottleListSchema = z.array(SuspiciousBottleSchema);
export type SuspiciousBottle = z.infer<typeof SuspiciousBottleSchema>;
