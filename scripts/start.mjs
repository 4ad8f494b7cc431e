// `npm start`: install, build, then serve web + API + database (migrated and seeded) on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, ensureInstalled, log, root } from './lib.mjs';

ensureInstalled();
build();
log('Starting the server…');
const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
