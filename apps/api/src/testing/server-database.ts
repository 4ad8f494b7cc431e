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

/** One statement on its own connection: CREATE/DROP DATABASE cannot run inside a pool's transaction. */
export async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
