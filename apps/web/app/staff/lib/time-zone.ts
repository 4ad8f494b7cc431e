/**
 * The console shows and takes dates in the winery's time zone (GET /v1/staff/tenant); the API
 * stores and answers UTC. `<input type="datetime-local">` speaks "YYYY-MM-DDTHH:mm" without a zone,
 * so these convert between that wall-clock text in a named zone and an ISO instant.
 */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockAt(instant: number, timeZone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An ISO instant as the `datetime-local` value of the zone's wall clock; '' for no date. */
export function utcToZonedLocal(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const wall = wallClockAt(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * The instant a wall-clock time in the zone names, as ISO UTC; null when the text is not a date.
 * In the hour skipped in spring the clock moves on (02:30 → 03:30); in the hour repeated in
 * autumn the earlier instant is taken.
 */
export function zonedLocalToUtc(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  const candidates = [first, second].filter((instant) => utcToZonedLocal(new Date(instant).toISOString(), timeZone) === local.slice(0, 16));
  const instant = candidates.length > 0 ? Math.min(...candidates) : Math.max(first, second);
  return new Date(instant).toISOString();
}

/** "Mar 3, 2027, 9:00 AM PST": a date and time as staff read them, in the winery's zone. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  const parts = formatDateTimeParts(iso, timeZone);
  return parts ? `${parts.date}${parts.separator}${parts.time}` : '';
}

/**
 * The same words as formatDateTime in two halves, "Mar 3, 2027" and "9:00 AM PST" (and the ", "
 * between them), so that a narrow column can put the time under the date instead of cutting
 * either; null for no instant.
 */
export function formatDateTimeParts(iso: string | null | undefined, timeZone: string): { date: string; separator: string; time: string } | null {
  if (!iso) return null;
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  // dateStyle/timeStyle cannot be combined with timeZoneName, hence the fields one by one.
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).formatToParts(instant);
  const year = parts.findIndex((part) => part.type === 'year');
  // format() writes an ordinary space where formatToParts() keeps ICU's narrow no-break one (before AM/PM).
  const text = (from: number, to?: number) => parts.slice(from, to).map((part) => part.value.replaceAll('\u202f', ' ')).join('');
  return { date: text(0, year + 1), separator: parts[year + 1]?.value ?? ' ', time: text(year + 2) };
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** "Apr 25, 2020": a calendar date (YYYY-MM-DD: a birthday, a member's first day), the same day wherever it is read; '' for none. */
export function formatDay(date: string | null | undefined): string {
  const instant = date ? Date.parse(`${date.slice(0, 10)}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(instant)) return '';
  dayFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return dayFormat.format(instant);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "4:21:25 AM PST": an instant's time of day in the zone, with the zone's name as every other time
 * in the console carries it (the dashboard's "Updated …"): a colleague whose own clock reads
 * another zone can tell how old the figures are.
 */
export function formatClock(instant: number, timeZone: string): string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone, timeZoneName: 'short' });
    clockFormats.set(timeZone, format);
  }
  return format.format(instant).replaceAll('\u202f', ' ');
}

/** Seconds as "2d 03:04:05" (days only when there are any); never negative. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
