import cluster from 'node:cluster';
import { DatabaseLockedError } from './db/pglite-lock.js';
import { ConfigError } from './env.js';
import { readConfig, singleProcessReason } from './startup.js';

/**
 * `npm start` and production: node dist/server.js. One process serves, or with WEB_CONCURRENCY=N
 * (and DATABASE_URL) a primary process starts N workers on the same port (cluster.ts). Each part
 * is loaded only where it runs: the primary never loads the web framework.
 */
async function main(): Promise<void> {
  if (cluster.isWorker) {
    const { startServer } = await import('./start-server.js');
    return startServer({ worker: true });
  }
  const config = readConfig();
  if (config.WEB_CONCURRENCY > 1 && config.DATABASE_URL) {
    const { runCluster } = await import('./cluster.js');
    return runCluster(config);
  }
  const alone = singleProcessReason(config);
  if (alone) console.warn(alone);
  const { startServer } = await import('./start-server.js');
  return startServer({ config });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
