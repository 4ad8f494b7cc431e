import { z } from 'zod';
import cardValidator from 'card-validator';
import { requiredText } from './fields.js';
import { TenantSlugSchema } from './params.js';
import { textInput } from './primitives.js';

export const CARD_HOLDER_MAX_LENGTH = 100;

/** "MM/YY" (also "MM / YY", "MMYY"), read as a month and a four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month (UTC). */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

/** The card's brand as card-validator names it ("visa", "american-express"), or null. */
export function cardBrandOf(cardNumber: string): { type: string; niceType: string; codeSize: number } | null {
  const card = cardValidator.number(cardNumber).card;
  return card ? { type: card.type, niceType: card.niceType, codeSize: card.code.size } : null;
}

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/**
 * A new card as the form and `POST …/card` receive it (seed §3). The number and security code are
 * handed to the payment gateway and never stored.
 */
export const createCardInputSchema = ({ now = () => new Date() }: { now?: () => Date } = {}) =>
  z
    .object({
      cardNumber: textInput({ error: 'cardNumberRequired', trim: false })
        .transform(digitsOnly)
        .pipe(
          z
            .string()
            .min(1, { error: 'cardNumberRequired' })
            .refine((value) => value === '' || (value.length <= 19 && cardValidator.number(value).isValid), {
              error: 'cardNumberInvalid',
            }),
        ),
      cardHolderName: requiredText('cardHolderNameRequired', CARD_HOLDER_MAX_LENGTH),
      expirationDate: textInput({ error: 'required' })
        .min(1, { error: 'required' })
        .superRefine((value, ctx) => {
          if (value === '') return;
          const expiry = parseExpiry(value);
          if (!expiry) ctx.addIssue({ code: 'custom', message: 'expirationInvalid' });
          else if (isExpired(expiry, now())) ctx.addIssue({ code: 'custom', message: 'cardExpired' });
        }),
      cvv: textInput({ error: 'cvvRequired' })
        .min(1, { error: 'cvvRequired' })
        .refine((value) => value === '' || /^\d{3,4}$/.test(value), { error: 'cvvInvalid' }),
      preferred: z.boolean({ error: 'invalidType' }).default(false),
    })
    .superRefine((value, ctx) => {
      // A Visa's code has 3 digits, an American Express's 4: checked once the brand is known.
      const brand = cardBrandOf(value.cardNumber);
      if (brand && /^\d{3,4}$/.test(value.cvv) && value.cvv.length !== brand.codeSize) {
        ctx.addIssue({ code: 'custom', path: ['cvv'], message: 'cvvInvalid' });
      }
    });

export const CardInputSchema = createCardInputSchema();
export type CardFormValues = z.input<typeof CardInputSchema>;
export type CardInput = z.output<typeof CardInputSchema>;

/** A saved card as the API answers it: what the gateway lets us keep, nothing more. */
export const CardSchema = z.object({
  id: z.uuid(),
  brand: z.string().describe('card-validator type, e.g. "visa"'),
  last4: z.string().length(4),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  cardHolderName: z.string(),
  preferred: z.boolean(),
  createdAt: z.string(),
});
export type Card = z.infer<typeof CardSchema>;
export const CardListSchema = z.array(CardSchema);

export const CardParamsSchema = z.object({
  tenant: TenantSlugSchema,
  customerId: z.uuid({ error: 'invalidId' }),
  cardId: z.uuid({ error: 'invalidId' }),
});
