// What the benches that start the built API in their own process share: arguments, a free port,
// the API's password hash, and a fresh database (embedded PGlite in a temporary folder, or a new
// database on the server DATABASE_URL names, dropped afterwards).
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** `--name=value` from the command line, or the fallback. */
export const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};

export const fail = (message) => {
  console.error(`[bench] ${message}`);
  process.exit(1);
};

/** apps/api/dist/start-server.js, or exit saying to build first. */
export function builtStartServer() {
  const startServerJs = join(root, 'apps/api/dist/start-server.js');
  if (!existsSync(startServerJs)) fail('The API is not built: run `npm run build` first.');
  return startServerJs;
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The same self-describing scrypt hash the API writes (modules/auth/password.service.ts). */
export function hashPassword(password) {
  const N = 2 ** 15, r = 8, p = 1;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r, p, maxmem: 256 * N * r });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * A fresh database for the run, and the environment the API is started with (port, data folder,
 * no demo seed, no web build). On a server, DATABASE_URL is pointed at a new database that
 * `dropDatabase` removes.
 */
export async function freshApiEnvironment(prefix) {
  let dropDatabase = async () => undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `winery-${prefix}-bench-`));
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `winery_${prefix}_${Date.now().toString(36)}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const port = await freePort();
  Object.assign(process.env, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', WEB_ROOT: join(dataDir, 'no-web') });
  return { port, dataDir, dropDatabase };
}
