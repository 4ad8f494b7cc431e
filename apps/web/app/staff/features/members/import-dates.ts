import { importDateToIso, type DateOrder } from '@winery/domain';
import { formatDay } from '../../lib/time-zone';

/** The import's fields that hold dates. */
export const DATE_FIELDS: readonly string[] = ['dateOfBirth', 'memberSince'];

/** How the import reads a date of the file ("Sep 3, 1975"), or null when it reads no real date there. */
export function dateRead(value: string, order: DateOrder | null): string | null {
  const iso = importDateToIso(value, order);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const instant = Date.parse(`${iso}T00:00:00Z`);
  // Date.parse rolls February 30 over into March: only a date that comes back as itself is one.
  return Number.isNaN(instant) || new Date(instant).toISOString().slice(0, 10) !== iso ? null : formatDay(iso);
}
