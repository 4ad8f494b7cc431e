import { stringify } from 'csv-stringify';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { addresses, customers, tiers } from '../../db/schema/index.js';
import { afterMember } from './member-search.js';
import { memberListConditions, type MemberListFilter } from './members.repository.js';

/** The export's columns: the names the member import reads, so a file goes back in as it came out. */
export const MEMBER_EXPORT_COLUMNS = [
  'prefix',
  'first_name',
  'last_name',
  'email',
  'phone',
  'date_of_birth',
  'tier',
  'member_since',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'active',
] as const;

const BATCH = 1_000;

/**
 * Every member matching the list's filters, as CSV text chunks: read a thousand at a time by the
 * list's keyset order, so memory stays flat however many members there are. The address is the
 * default shipping one (else the first saved).
 */
export async function* exportMembers(db: Database, tenantId: string, filter: MemberListFilter, at: Date): AsyncGenerator<string> {
  // A byte-order mark and CRLF, as the orders' export: Excel reads a file without the mark in the
  // computer's code page, so every accented name came out garbled ("HÃ©lÃ¨ne").
  const csv = stringify({ header: true, columns: [...MEMBER_EXPORT_COLUMNS], bom: true, record_delimiter: 'windows' });
  const chunks: string[] = [];
  csv.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
  let after: readonly (string | null)[] | undefined;
  for (;;) {
    const address = sql`(select ${addresses.id} from ${addresses} where ${addresses.customerId} = ${customers.id} order by ${addresses.isDefaultShipping} desc, ${addresses.createdAt} asc limit 1)`;
    const rows = await db
      .select({ customer: customers, tierName: tiers.name, address: addresses })
      .from(customers)
      .leftJoin(tiers, eq(tiers.id, customers.tierId))
      .leftJoin(addresses, eq(addresses.id, address))
      .where(and(memberListConditions(tenantId, filter, at), afterMember(after)))
      .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
      .limit(BATCH);
    for (const { customer: c, tierName, address: a } of rows) {
      csv.write([
        c.prefix ?? '',
        c.firstName,
        c.lastName,
        c.email,
        c.phone ?? '',
        c.dateOfBirth ?? '',
        tierName ?? '',
        c.memberSince ?? '',
        a?.address1 ?? '',
        a?.address2 ?? '',
        a?.city ?? '',
        a?.stateCode ?? '',
        a?.zipCode ?? '',
        a?.countryCode ?? '',
        c.deactivatedAt ? 'no' : 'yes',
      ]);
    }
    if (rows.length === 0 && after !== undefined) break;
    // csv-stringify emits synchronously on write; hand over what this batch produced.
    await new Promise((resolve) => setImmediate(resolve));
    if (chunks.length > 0) yield chunks.splice(0).join('');
    if (rows.length < BATCH) break;
    const last = rows.at(-1)!.customer;
    after = [last.lastName, last.firstName, last.id];
  }
  csv.end();
  await new Promise((resolve) => csv.on('end', resolve));
  if (chunks.length > 0) yield chunks.join('');
}
