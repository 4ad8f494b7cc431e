import pg from 'pg';

/**
 * Databases of their own on a PostgreSQL server, for the test runs (test-database.ts, its global
 * setup) and the browser tests' server (e2e-server.ts): no test runner is imported here, so a
 * plain process can use it.
 */

/** The URL of database `name` on the server `adminUrl` points at (its user, host and options kept). */
export const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * One statement on its own connection, answering its rows: CREATE/DROP DATABASE cannot run inside
 * a pool's transaction, and a check of a database need not keep a pool open.
 */
export async function onServer<Row extends pg.QueryResultRow = pg.QueryResultRow>(url: string, statement: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(statement)).rows;
  } finally {
    await client.end();
  }
}
