/**
 * The server's time now, from the device's clock: the server's time of the last answer plus what
 * the device's clock has moved since it was read (`readAt`). A device reading older than the
 * answer (the page's once-a-second tick, late on a busy device) counts as the answer's own, so the
 * page never shows a time before what the server last said.
 */
export const serverNow = (deviceNow: number, readAt: number, serverTime: string): number => Date.parse(serverTime) + Math.max(0, deviceNow - readAt);

/** Whole seconds from `now` to `to` (never negative). */
export const secondsUntil = (to: string | number, now: number): number => Math.max(0, Math.ceil(((typeof to === 'string' ? Date.parse(to) : to) - now) / 1000));

/** A countdown's parts: days, hours, minutes and seconds left. */
export function countdownParts(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3_600), minutes: Math.floor((s % 3_600) / 60), seconds: s % 60 };
}

/**
 * The estimate in words, rounded up to whole minutes: 'soon' under a minute, else the minutes
 * ("about 3 minutes"), else hours past two hours.
 */
export function estimateWords(seconds: number): { unit: 'soon' } | { unit: 'minutes' | 'hours'; count: number } {
  if (seconds < 60) return { unit: 'soon' };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.round(minutes / 60) };
}
