import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { acquireDataDirLock, DatabaseLockedError } from './pglite-lock.js';

const dir = mkdtempSync(join(tmpdir(), 'winery-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database lock', () => {
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

  it('takes over a lock left by a process that has died', () => {
    const lockPath = join(dir, 'stale.lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(lockPath, dead.stdout.toString());
    const lock = acquireDataDirLock(lockPath, join(dir, 'stale'));
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
