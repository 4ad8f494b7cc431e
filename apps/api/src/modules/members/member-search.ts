import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export const containsText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Members matching a console search: `q` in the first name, last name, full name or e-mail
 * (case-insensitive), and the tier when given. Undefined when there is nothing to filter on.
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
        )
      : undefined,
    filter.tierId ? eq(customers.tierId, filter.tierId) : undefined,
  );
}

/**
 * Rows after the cursor in (last name, first name, id) order: the members' lists' one order.
 */
export function afterMember(key: readonly (string | number | null)[] | undefined, idColumn: SQL | typeof customers.id = customers.id): SQL | undefined {
  if (!key) return undefined;
  const [lastName, firstName, id] = key;
  return sql`(${customers.lastName}, ${customers.firstName}, ${idColumn}) > (${String(lastName)}, ${String(firstName)}, ${String(id)}::uuid)`;
}
