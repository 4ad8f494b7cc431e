import { z } from 'zod';
import { MAX_BOTTLES_PER_WINE } from './offering.js';
import { pageOf, PageQuerySchema } from './pagination.js';
import { idInput } from './params.js';
import { integerInput } from './primitives.js';

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

/** A wish as staff answer it; granting raises the member's maximum for the wine by the bottles granted. */
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
  /** Bottles asked for. */
  quantity: z.number().int(),
  status: z.enum(WISH_STATUSES),
  /** Bottles granted (all or part of `quantity`); null until granted. */
  grantedQuantity: z.number().int().nullable(),
  /** Bottles of the wine in stock not yet promised to a granted wish whose member has not ordered. */
  left: z.number().int(),
  /** The member's story with the winery, to weigh the wish. */
  history: z.object({
    /** Offerings the member was allocated in. */
    offerings: z.number().int(),
    /** Orders placed (not cancelled). */
    ordered: z.number().int(),
    wishesGranted: z.number().int(),
    memberSince: z.string().nullable(),
  }),
  /** The member's maximum for the wine now (after a grant, already raised). */
  maximum: z.number().int(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type StaffWish = z.infer<typeof StaffWishSchema>;
export const StaffWishListSchema = z.array(StaffWishSchema);
export const StaffWishPageSchema = pageOf(StaffWishSchema);
export const WishListQuerySchema = PageQuerySchema.extend({
  status: z.enum(WISH_STATUSES, { error: 'invalidType' }).optional(),
});

/** `POST /v1/staff/wishes/{wishId}/grant`: all the bottles asked for, or `quantity` of them. */
export const WishGrantInputSchema = z
  .object({ quantity: integerInput({ min: 1, max: MAX_BOTTLES_PER_WINE, error: 'invalidQuantity' }).optional() })
  .nullish();

export const WISH_GRANT_RULES = ['proRata', 'tenure'] as const;
export type WishGrantRule = (typeof WISH_GRANT_RULES)[number];
/** `POST /v1/staff/offerings/{offeringId}/wishes/bulk-grant`: every waiting wish, by a rule. */
export const WishBulkGrantInputSchema = z.object({
  rule: z.enum(WISH_GRANT_RULES, { error: 'invalidType' }),
  dryRun: z.boolean({ error: 'invalidType' }).default(true),
});
export const WishBulkGrantResultSchema = z.object({
  rule: z.enum(WISH_GRANT_RULES),
  dryRun: z.boolean(),
  grants: z.array(
    z.object({
      wishId: z.uuid(),
      customerName: z.string(),
      wineName: z.string(),
      asked: z.number().int(),
      granted: z.number().int(),
    }),
  ),
  /** Per offering-wine id, the bottles left once these grants are made. */
  leftAfter: z.array(z.object({ wineId: z.uuid(), left: z.number().int() })),
});
export type WishBulkGrantResult = z.infer<typeof WishBulkGrantResultSchema>;
export const WishIdParamsSchema = z.object({ wishId: idInput() });
