// `npm run dev`: the web with hot reload (React Router's dev server) against the API restarted on
// every change of its source (tsx watch), on the embedded database with the demo seed. The domain
// package is rebuilt on change, and both pick the new build up.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, log, root, runOrExit } from './lib.mjs';

const WEB_PORT = process.env.PORT ?? '3000';
const API_PORT = process.env.API_PORT ?? '3001';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

ensureInstalled();
log('Building the domain package…');
runOrExit(npm, ['run', 'build', '-w', 'packages/domain']);

const children = [];
let stopping = false;
function start(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    // One part gone leaves a half-working site: stop the rest and say which.
    log(`${name} stopped (${signal ?? `exit ${code}`}); stopping the others.`);
    stop(code ?? 1);
  });
  children.push(child);
}
function stop(code) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

start('the domain build', bin('tsc'), ['-b', 'packages/domain', '--watch', '--preserveWatchOutput']);
start('the API', bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
  PORT: API_PORT,
  // Links in e-mails open the development web, not the API's port.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${WEB_PORT}`,
});
start('the web dev server', npm, ['run', 'dev', '-w', 'apps/web', '--', '--port', WEB_PORT, '--strictPort'], {
  API_ORIGIN: `http://127.0.0.1:${API_PORT}`,
});

// The API's own banner names its port; the site to open is the dev server's.
for (let tries = 0; tries < 240 && !stopping; tries += 1) {
  const healthy = await fetch(`http://127.0.0.1:${API_PORT}/v1/health`).then((response) => response.ok, () => false);
  if (healthy) {
    log(`Open http://localhost:${WEB_PORT} (hot reload; API on :${API_PORT}, restarted on change; e-mails at http://localhost:${WEB_PORT}/dev/outbox)`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
