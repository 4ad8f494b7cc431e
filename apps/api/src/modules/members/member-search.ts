import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export const containsText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Members matching a console search: `q` in the first name, last name, full name, e-mail or phone
 * (case-insensitive; the phone's digits as typed), and the tier when given. Undefined when there
 * is nothing to filter on.
 */
export function memberFilter(filter: { q?: string | undefined; tierId?: string | undefined }): SQL | undefined {
  const q = filter.q?.trim();
  const pattern = q ? containsText(q) : undefined;
  return and(
    pattern
      ? or(
          ilike(customers.email, pattern),
          ilike(customers.firstName, pattern),
          ilike(customers.lastName, pattern),
          ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
          ilike(customers.phone, pattern),
          ...phoneDigits(q!),
        )
      : undefined,
    filter.tierId ? eq(customers.tierId, filter.tierId) : undefined,
  );
}

/** "707 555 0100" finds "+17075550100" and "(707) 555-0100": the digits, when there are enough of them. */
function phoneDigits(q: string): SQL[] {
  const digits = q.replace(/\D/g, '');
  if (digits.length < 4) return [];
  return [sql`regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`];
}

/**
 * Rows after the cursor in (last name, first name, id) order: the members' lists' one order.
 */
export function afterMember(key: readonly (string | number | null)[] | undefined, idColumn: SQL | typeof customers.id = customers.id): SQL | undefined {
  if (!key) return undefined;
  const [lastName, firstName, id] = key;
  return sql`(${customers.lastName}, ${customers.firstName}, ${idColumn}) > (${String(lastName)}, ${String(firstName)}, ${String(id)}::uuid)`;
}
