import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Thrown when another live process holds the embedded database. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another process (pid ${pid}) is already using the embedded database in ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

/** A killed process can linger as a zombie until reaped; on Linux it no longer holds the database. */
const isZombie = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export interface DataDirLock {
  release(): void;
}

/**
 * Two processes writing one PGlite directory corrupt it, so the opener takes a lock file holding
 * its pid. A lock left by a dead process (a crash, kill -9) is taken over.
 */
export function acquireDataDirLock(lockPath: string, dataDir: string): DataDirLock {
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return makeLock(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    } catch {
      // Removed between our write and read: try again.
      continue;
    }
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new DatabaseLockedError(holder, dataDir);
    }
    try {
      unlinkSync(lockPath);
    } catch {
      // Another starter removed it first; the next write decides who wins.
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}.`);
}

function makeLock(lockPath: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return { release };
}
