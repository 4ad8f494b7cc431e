import { holdSecondsLeft } from '@winery/domain';
import { serverOffset, SHIPPING, type KnownHold } from '../offering/hold.api';

/**
 * Where the member's checkout wants their bottles held: 'shipping' (where shipped bottles come
 * from), the chosen pick-up location's id, or null while the way or the pick-up location is
 * still to be chosen (the hold stays where it is).
 */
export function wantedHoldPlace(choices: { method: 'shipping' | 'pickup' | null; locationId: string | null }): string | null {
  if (choices.method === 'shipping') return SHIPPING;
  return choices.method === 'pickup' ? choices.locationId : null;
}

/** Seconds the member's hold has left at `deviceNow`, by the server's clock; null without a hold. */
export function heldSecondsLeft(known: KnownHold | undefined, deviceNow: number): number | null {
  const hold = known?.answer.hold;
  if (!known || !hold) return null;
  return holdSecondsLeft(hold.expiresAt, new Date(deviceNow + serverOffset(known)));
}

/**
 * Whether the checkout must hold again where the member now wants their bottles: only a live
 * hold moves (an ended one is held again only when the member asks), and only when it is not
 * already there. A hold only read (after a reload) is known by its location: one at the chosen
 * pick-up location is where it should be; for shipping, where it was asked for is unknown and it
 * is left as it is.
 */
export function needsHoldElsewhere(known: KnownHold | undefined, wanted: string | null, deviceNow: number): boolean {
  const hold = known?.answer.hold;
  if (!known || !hold || wanted === null) return false;
  if ((heldSecondsLeft(known, deviceNow) ?? 0) <= 0) return false;
  if (known.requested === wanted) return false;
  if (known.requested === null) return wanted !== SHIPPING && hold.locationId !== wanted;
  return true;
}
