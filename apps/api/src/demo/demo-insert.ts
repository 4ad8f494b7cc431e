import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';

/**
 * Inserts many rows in one statement per chunk, the rows passed as a single JSON parameter
 * (`json_populate_recordset`): the seed runs on every fresh start and in the browser tests'
 * setup, and on PGlite thousands of bound parameters cost more than the rows themselves. Only
 * the columns the rows name are written, so the others keep their defaults; every row of a call
 * names the same columns.
 */
export async function insertMany<T extends PgTable>(tx: Database, table: T, rows: ReadonlyArray<PgInsertValue<T>>, chunk = 2_000) {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in (rows[0] as object));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const tableName = sql.identifier(getTableName(table));
  for (let start = 0; start < rows.length; start += chunk) {
    const json = JSON.stringify(
      rows.slice(start, start + chunk).map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null]))),
    );
    await tx.execute(sql`insert into ${tableName} (${names}) select ${names} from json_populate_recordset(null::${tableName}, ${json}::json)`);
  }
}
