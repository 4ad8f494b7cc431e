import { DatabaseLockedError } from './db/pglite-lock.js';
import { ConfigError } from './env.js';
import { startServer } from './start-server.js';

// `npm start` and production: node dist/server.js.
startServer().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
