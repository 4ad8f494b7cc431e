import { mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';

/** Thrown when another process holds the embedded database. */
export class DatabaseLockedError extends Error {
  constructor(
    /** The holder's pid, when it got as far as writing it down. */
    readonly pid: number | null,
    readonly dataDir: string,
    /** Set when the holder has stopped refreshing its lock: how long until the lock expires. */
    expiresInMs: number | null = null,
  ) {
    super(
      `Another process${pid === null ? '' : ` (pid ${pid})`} is already using the embedded database in ${dataDir}. Stop it, or set DATA_DIR to another folder.` +
        (expiresInMs === null ? '' : ` If it was killed, its lock expires in ${Math.ceil(expiresInMs / 1000)} s.`),
    );
    this.name = 'DatabaseLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * How long a lock may go without its holder touching it before another opener takes it over: a
 * holder killed with SIGKILL blocks a restart for at most this long. The holder touches it every
 * UPDATE_MS; a holder whose pid is known to be gone is taken over at once. The margin is for a starved machine, where PGlite's first start was seen to hold the
 * event loop past 10 s, and a lock taken over from a live holder would corrupt the database.
 */
export const LOCK_STALE_MS = 60_000;
const UPDATE_MS = 5_000;

const readPid = (pidPath: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(pidPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

/** When the holder has missed two refreshes (it may have been killed): how long until its lock expires. */
const expiresIn = (lockPath: string): number | null => {
  try {
    const age = Date.now() - statSync(`${lockPath}.lock`).mtimeMs;
    return age > 2 * UPDATE_MS ? Math.max(0, LOCK_STALE_MS - age) : null;
  } catch {
    return null;
  }
};

/**
 * Two processes writing one PGlite directory corrupt it, so the opener takes a lock with
 * proper-lockfile: an atomic `<lockPath>.lock` directory whose age says whether its holder still
 * lives, which works on every platform and file system Node runs on. `lockPath` itself holds the
 * holder's pid, for the message a second opener gets.
 */
/**
 * Whether the process that wrote `pid` is gone. The embedded database lives on this machine's
 * disk, so its holder was a process of this machine: signal 0 tells whether it still runs.
 */
const holderIsGone = (pid: number | null): boolean => {
  if (pid === null || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
};

export function acquireDataDirLock(lockPath: string, dataDir: string): DataDirLock {
  mkdirSync(dirname(lockPath), { recursive: true });
  const lock = () =>
    lockfile.lockSync(lockPath, {
      realpath: false,
      stale: LOCK_STALE_MS,
      update: UPDATE_MS,
      // The library would throw from a timer and end the process; the database is still ours
      // unless another opener has since taken the lock, which the warning tells the operator.
      onCompromised: (error) => process.emitWarning(`The lock on ${dataDir} was lost: ${error.message}`),
    });
  let unlock: () => void;
  try {
    unlock = lock();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const pid = readPid(lockPath);
    // A holder killed with SIGKILL left its lock behind: a restart need not wait for it to go stale.
    if (!holderIsGone(pid)) throw new DatabaseLockedError(pid, dataDir, expiresIn(lockPath));
    rmSync(`${lockPath}.lock`, { recursive: true, force: true });
    try {
      unlock = lock();
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseLockedError(readPid(lockPath), dataDir, expiresIn(lockPath));
      throw retryError;
    }
  }
  writeFileSync(lockPath, String(process.pid));

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // The pid goes first, while the lock is still held, so it never removes a next holder's pid.
    try {
      unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
    try {
      unlock();
    } catch {
      // Already released (the library's own exit handler ran first).
    }
  };
  process.on('exit', release);
  return { release };
}
