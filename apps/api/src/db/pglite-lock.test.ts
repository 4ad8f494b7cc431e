import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { acquireDataDirLock, DatabaseLockedError, LOCK_STALE_MS } from './pglite-lock.js';

/** Another Node process that takes the lock through this very module, then waits to be killed. */
async function holdInAnotherProcess(lockPath: string, dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { acquireDataDirLock } from ${JSON.stringify(join(import.meta.dirname, 'pglite-lock.ts'))};
       acquireDataDirLock(${JSON.stringify(lockPath)}, ${JSON.stringify(dataDir)});
       process.stdout.write('held');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  expect(chunk.toString()).toBe('held');
  return child;
}

// The embedded database's own lock, on a data directory of its own: the same test whether or not
// DATABASE_URL is set, so the run on a PostgreSQL server leaves it to the PGlite run.
describe.skipIf(process.env.DATABASE_URL)('the embedded database lock (PGlite only)', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'winery-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener while the first holds the lock, with a clear message', () => {
    const lockPath = join(dir, 'pgdata.lock');
    const dataDir = join(dir, 'pgdata');
    const lock = acquireDataDirLock(lockPath, dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    expect(() => acquireDataDirLock(lockPath, dataDir)).toThrow(DatabaseLockedError);
    expect(() => acquireDataDirLock(lockPath, dataDir)).toThrow(
      `Another process (pid ${process.pid}) is already using the embedded database in ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
    );
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    acquireDataDirLock(lockPath, dataDir).release();
  });

  it('refuses while another process holds it, and takes over at once when that process is gone', async () => {
    const lockPath = join(dir, 'killed.lock');
    const dataDir = join(dir, 'killed');
    const child = await holdInAnotherProcess(lockPath, dataDir);
    expect(() => acquireDataDirLock(lockPath, dataDir)).toThrow(`Another process (pid ${child.pid}) is already using the embedded database in ${dataDir}.`);

    // Killed, it never let go; but its pid is gone, so a restart need not wait for the lock to go stale.
    child.kill('SIGKILL');
    await once(child, 'exit');
    const lock = acquireDataDirLock(lockPath, dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('without a known holder, refuses until the lock goes stale, saying when it expires', async () => {
    const lockPath = join(dir, 'unknown.lock');
    const dataDir = join(dir, 'unknown');
    const child = await holdInAnotherProcess(lockPath, dataDir);
    child.kill('SIGKILL');
    await once(child, 'exit');
    // The holder died before it wrote its pid down (or on another machine): nothing tells it is gone…
    rmSync(lockPath);
    expect(() => acquireDataDirLock(lockPath, dataDir)).toThrow(DatabaseLockedError);
    // …so the lock's age decides: once the holder has missed its refreshes, the message says when it expires…
    const quiet = new Date(Date.now() - 20_000);
    utimesSync(`${lockPath}.lock`, quiet, quiet);
    expect(() => acquireDataDirLock(lockPath, dataDir)).toThrow(/If it was killed, its lock expires in (39|40) s\.$/);
    // …and once it has not been touched for LOCK_STALE_MS, it is taken over.
    const past = new Date(Date.now() - LOCK_STALE_MS - 1_000);
    utimesSync(`${lockPath}.lock`, past, past);
    const lock = acquireDataDirLock(lockPath, dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('guards a real PGlite data directory until it is closed', async () => {
    const dataDir = join(dir, 'real');
    const lockPath = join(dir, 'real.lock');
    const first = await openDatabase({ kind: 'pglite', dataDir, lockPath });
    await expect(openDatabase({ kind: 'pglite', dataDir, lockPath })).rejects.toThrow(/Another process \(pid \d+\)/);
    await first.close();
    expect(existsSync(lockPath)).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir, lockPath });
    await again.close();
  });
});
