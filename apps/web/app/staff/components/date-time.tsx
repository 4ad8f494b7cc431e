import { formatDateTimeParts } from '../lib/time-zone';

/**
 * An instant as staff read it in a table, "Mar 3, 2027, 9:00 AM PST", in a `<time>`: the date and
 * the time each kept whole, the time going under the date when the column is narrow, so a date
 * no longer takes 13rem of every row of a wide table. `empty` stands for no instant.
 */
export function DateTime({ value, timeZone, empty = '' }: { value: string | null | undefined; timeZone: string; empty?: string }) {
  const parts = formatDateTimeParts(value, timeZone);
  if (!value || !parts) return <>{empty}</>;
  return (
    <time dateTime={value} className="staff-when">
      <span>
        {parts.date}
        {parts.separator.trimEnd()}
      </span>{' '}
      <span>{parts.time}</span>
    </time>
  );
}
