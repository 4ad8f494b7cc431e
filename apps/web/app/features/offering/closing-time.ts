import { HOUR_MS, MINUTE_MS } from '@winery/domain';

/** The countdown shows in the offering's last two days only; before that the closing date says enough. */
export const COUNTDOWN_FROM_MS = 48 * HOUR_MS;

/** What is left before the offering closes, in whole hours and minutes (rounded up: never "0 min" while open). */
export interface TimeLeft {
  hours: number;
  minutes: number;
}

/** The time left as the countdown says it, or null when it should not show (48 h or more, or closed). */
export function timeLeft(remainingMs: number): TimeLeft | null {
  if (!Number.isFinite(remainingMs) || remainingMs <= 0 || remainingMs >= COUNTDOWN_FROM_MS) return null;
  const totalMinutes = Math.ceil(remainingMs / MINUTE_MS);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/** Milliseconds until the countdown's text changes (the next whole minute of what is left), at least 1. */
export function untilNextChange(remainingMs: number): number {
  if (!Number.isFinite(remainingMs) || remainingMs <= 0) return MINUTE_MS;
  const intoMinute = remainingMs % MINUTE_MS;
  return intoMinute === 0 ? MINUTE_MS : intoMinute;
}

/**
 * Milliseconds left before `closesAt` by the server's clock: the device's clock moved by how far it
 * was from the server's when the offering was read (`offsetMs` = server time − device time then),
 * so a phone set a few hours wrong still counts down to the right moment.
 */
export function remainingMs(closesAt: string, deviceNow: number, offsetMs: number): number {
  return Date.parse(closesAt) - (deviceNow + offsetMs);
}
