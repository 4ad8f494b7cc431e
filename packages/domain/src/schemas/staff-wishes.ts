import { z } from 'zod';
import { idInput } from './params.js';

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
export const WishIdParamsSchema = z.object({ wishId: idInput() });
