import { z } from 'zod';
import { BOTTLE_ID_LENGTH } from '../constants.js';
import { textInput } from './primitives.js';

/**
 * Bottle IDs are printed on the label as A123-B89Z: eight letters or digits, shown in two groups
 * of four. Collectors type them in any case, with or without the dash, sometimes with spaces
 * around; all of those mean the same bottle.
 */
const BOTTLE_ID_PATTERN = new RegExp(`^[A-Z0-9]{4}-?[A-Z0-9]{${BOTTLE_ID_LENGTH - 4}}$`);

/** The canonical form "A123-B89Z", or null when the text cannot be a bottle ID. */
export function normaliseBottleId(value: string): string | null {
  const upper = value.trim().toUpperCase();
  if (!BOTTLE_ID_PATTERN.test(upper)) return null;
  const compact = upper.replace('-', '');
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}

/** `POST /v1/bottle-verification` and the verification form. */
export const BottleVerificationSchema = z.object({
  bottleId: textInput({ error: 'bottleIdRequired' })
    .min(1, { error: 'bottleIdRequired' })
    .refine((value) => value === '' || normaliseBottleId(value) !== null, { error: 'bottleIdFormat' })
    .transform((value) => normaliseBottleId(value) ?? value),
});
export type BottleVerificationInput = z.output<typeof BottleVerificationSchema>;

/** What a visitor learns about a registered bottle. */
export const BottleVerificationResultSchema = z.object({
  bottleId: z.string(),
  wine: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  bottleNumber: z.number().int(),
  /** When somebody first verified this bottle (now, for the first check), and how many checks so far. */
  firstVerifiedAt: z.string(),
  verificationCount: z.number().int(),
});
export type BottleVerificationResult = z.infer<typeof BottleVerificationResultSchema>;
