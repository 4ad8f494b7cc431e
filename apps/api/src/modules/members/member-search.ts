import { and, eq, ilike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export const containsText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Letters written with an accent (or a stroke), each folded to its plain letter for a search. */
const ACCENTED = [...'àáâãäåāăąǎçćĉċčďđèéêëēĕėęěǧĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőǒŕŗřśŝşšșţťțùúûüũūŭůűųǔŵýÿŷźżž'];
const STROKED: Record<string, string> = { đ: 'd', ħ: 'h', ı: 'i', ŀ: 'l', ł: 'l', ø: 'o' };
const plainOf = (letter: string) => STROKED[letter] ?? letter.normalize('NFD')[0]!;
// Upper case too: lower() folds only ASCII where the database's collation is C (PGlite's).
const FOLD_FROM = [...ACCENTED, ...ACCENTED.map((letter) => letter.toUpperCase())].join('');
const FOLD_TO = [...ACCENTED.map(plainOf), ...ACCENTED.map(plainOf)].join('');

/** Text as a search compares it: lower case, accents dropped ("Lefèvre" and "LEFEVRE" alike). */
const folded = (text: SQL | SQLWrapper | string) => sql`translate(lower(${text}), ${FOLD_FROM}, ${FOLD_TO})`;

/**
 * `column` contains `pattern` (containsText's), whatever the case and the accents of either: staff
 * type "Helene Lefevre" for Hélène Lefèvre, and "müller" finds Muller and Müller alike.
 */
export const containsFolded = (column: SQL | SQLWrapper, pattern: string): SQL => sql`${folded(column)} like ${folded(pattern)}`;

/**
 * Members matching a console search: `q` in the first name, last name, full name, e-mail or phone
 * (case-insensitive, names accent-insensitive too; the phone's digits as typed), and the tier when
 * given. Undefined when there is nothing to filter on.
 */
export function memberFilter(filter: { q?: string | undefined; tierId?: string | undefined }): SQL | undefined {
  const q = filter.q?.trim();
  const pattern = q ? containsText(q) : undefined;
  return and(
    pattern
      ? or(
          ilike(customers.email, pattern),
          containsFolded(customers.firstName, pattern),
          containsFolded(customers.lastName, pattern),
          containsFolded(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
          ilike(customers.phone, pattern),
          ...phoneDigits(q!),
        )
      : undefined,
    filter.tierId ? eq(customers.tierId, filter.tierId) : undefined,
  );
}

/**
 * "707 555 0100" finds "+17075550100" and "(707) 555-0100": the digits, when there are enough of
 * them and the search is written as a phone number is. An e-mail or a name with digits in it
 * ("vintner4155@…") is not a phone number: its digits alone found whoever's phone held them.
 */
function phoneDigits(q: string): SQL[] {
  if (!/^\+?[\d\s().\-/]+$/.test(q)) return [];
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
