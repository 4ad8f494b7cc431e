import { z } from 'zod';
import { MarkdownInputSchema } from '../schemas/staff-offerings.js';

/**
 * A member's standing (issue 17, item 5): every offering they had an allocation in, what was
 * offered, what they ordered, their wishes and what became of them, and the winery's own rules of
 * the list, so the rules that decide their allocation are in front of them.
 */

export const STANDING_WISH_STATUSES = ['requested', 'granted', 'declined'] as const;
export const STANDING_OFFERING_STATES = ['open', 'closed'] as const;
export type StandingOfferingState = (typeof STANDING_OFFERING_STATES)[number];

export const StandingWineSchema = z.object({
  /** The offering-wine id. */
  wineId: z.uuid(),
  name: z.string(),
  vintage: z.number().int(),
  sizeMl: z.number().int(),
  /** What was offered to this member: their limits (0/0 when only a wish named the wine). */
  minimum: z.number().int(),
  maximum: z.number().int(),
  /** Bottles ordered, cancelled orders excluded. */
  ordered: z.number().int(),
  wish: z
    .object({
      requested: z.number().int(),
      status: z.enum(STANDING_WISH_STATUSES),
      /** Bottles granted; null unless granted. */
      granted: z.number().int().nullable(),
    })
    .nullable(),
});
export type StandingWine = z.infer<typeof StandingWineSchema>;

export const StandingOfferingSchema = z.object({
  offeringId: z.uuid(),
  allocationId: z.uuid(),
  name: z.string(),
  /** The member's own window (their tier's opening and close, else the offering's). */
  opensAt: z.string(),
  closesAt: z.string(),
  state: z.enum(STANDING_OFFERING_STATES),
  /** The member's orders, oldest first (each opens at /profile/orders/{id}); cancelled orders are not listed. */
  orders: z.array(z.object({ id: z.uuid(), number: z.string(), placedAt: z.string() })),
  bottlesOrdered: z.number().int(),
  /** Closed without an order, after the member's window was open (never for a window that closed before it opened). */
  skipped: z.boolean(),
  wines: z.array(StandingWineSchema),
});
export type StandingOffering = z.infer<typeof StandingOfferingSchema>;

export const StandingSchema = z.object({
  /** Newest first: the open offering, then the past ones. */
  offerings: z.array(StandingOfferingSchema),
  /** The winery's rules of the list, sanitised HTML; null until staff write them. */
  rules: z.object({ html: z.string() }).nullable(),
});
export type Standing = z.infer<typeof StandingSchema>;

/** The console's editor of the rules of the list: Markdown in, the HTML members read out. */
export const ListRulesInputSchema = z.object({ markdown: MarkdownInputSchema });
export type ListRulesInput = z.infer<typeof ListRulesInputSchema>;
export const ListRulesSchema = z.object({ markdown: z.string(), html: z.string() });
export type ListRules = z.infer<typeof ListRulesSchema>;

type StandingWindow = { opensAt: Date; closesAt: Date; closedEarlyAt?: Date | null };

/** When the member's window really closes: its close, or the offering's early close when that came first. */
const closesAtTime = (window: StandingWindow): number => Math.min(window.closesAt.getTime(), window.closedEarlyAt?.getTime() ?? Infinity);

/**
 * Where an offering a member was in stands in their own window at `now`: as the allocation status
 * reads it (getAllocationStatus), open from the opening to the close inclusive, closed after.
 * Closing early ends the window at that instant.
 */
export function standingState(window: StandingWindow, now: Date): StandingOfferingState | 'upcoming' {
  const t = now.getTime();
  if (t < window.opensAt.getTime()) return 'upcoming';
  return t <= closesAtTime(window) ? 'open' : 'closed';
}

/**
 * Whether the member's window was ever open: not when the offering closed early, or their tier's
 * close came, before their own opening. A member whose turn never came did not skip the offering.
 */
export function windowEverOpened(window: StandingWindow): boolean {
  return closesAtTime(window) >= window.opensAt.getTime();
}
