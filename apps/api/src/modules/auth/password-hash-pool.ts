import { Worker } from 'node:worker_threads';

/** What scrypt takes besides the password, salt and key length (node:crypto's ScryptOptions, all given). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

export interface HashPoolOptions {
  /** Hashing threads at most; jobs beyond them wait in order. */
  threads: number;
  /**
   * Added to each hashing thread's nice value on Linux, where it is the thread's own (0 to leave
   * it). Elsewhere the value belongs to the whole process, so it is left alone there.
   */
  niceness?: number;
  /**
   * The threads' program (CommonJS, run with `eval`). Only tests pass another, to see what a
   * thread that dies mid-hash does to its caller.
   */
  workerSource?: string;
}

export interface HashPoolStats {
  /** Threads started so far and alive. */
  threads: number;
  /** Jobs a thread is working on now. */
  running: number;
  /** Jobs waiting for a thread. */
  queued: number;
}

export interface HashPool {
  scrypt(password: string, salt: Buffer, keyLength: number, cost: ScryptCost): Promise<Buffer>;
  stats(): HashPoolStats;
  /** Ends every thread; jobs still waiting or running are refused. */
  close(): Promise<void>;
}

/** The hashing thread: lowers its own priority once, then hashes one job at a time, synchronously on itself. */
export const HASH_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const os = require('node:os');
if (process.platform === 'linux' && workerData.niceness > 0) {
  try { os.setPriority(0, Math.min(19, os.getPriority(0) + workerData.niceness)); } catch {}
}
parentPort.on('message', (job) => {
  try {
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keyLength, job.cost);
    parentPort.postMessage({ id: job.id, key });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Job {
  id: number;
  password: string;
  salt: Buffer;
  keyLength: number;
  cost: ScryptCost;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | undefined;
}

/**
 * A bounded pool of hashing threads, so that password hashes (scrypt, memory-hard, ~100 ms of CPU
 * each) never run on Node's shared libuv threadpool. On that pool a burst of sign-ins queues
 * hundreds of hashes ahead of every other job that uses it, among them WebCrypto's signature
 * checks (the session token of every signed-in request): a sign-in storm then stalled every
 * member's reads for as long as the hashes took. Here hashes wait in a queue of their own, at most
 * `threads` run at once, and on Linux each thread runs at a lower priority, so the event loop and
 * the database are served between hashes (docs/performance.md, "Sign-in storm").
 */
export function createHashPool(options: HashPoolOptions): HashPool {
  const size = options.threads;
  if (!Number.isInteger(size) || size < 1) throw new Error('A hashing pool needs at least one thread.');
  const niceness = options.niceness ?? 0;
  const source = options.workerSource ?? HASH_WORKER_SOURCE;
  const threads = new Set<Thread>();
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;

  function start(): Thread {
    const worker = new Worker(source, { eval: true, workerData: { niceness } });
    const thread: Thread = { worker, job: undefined };
    threads.add(thread);
    worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const job = thread.job;
      if (!job || job.id !== message.id) return;
      thread.job = undefined;
      if (message.key) job.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.byteLength));
      else job.reject(new Error(`Password hashing failed: ${message.error ?? 'no key'}`));
      dispatch();
    });
    // A thread that dies fails its job (never leaving the caller waiting) and is replaced on demand.
    const lost = (reason: string) => {
      if (!threads.delete(thread)) return;
      const job = thread.job;
      thread.job = undefined;
      job?.reject(new Error(`Password hashing failed: ${reason}`));
      dispatch();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`the hashing thread stopped (exit code ${code})`));
    worker.unref();
    return thread;
  }

  function dispatch() {
    while (waiting.length > 0 && !closed) {
      let idle: Thread | undefined;
      for (const thread of threads) {
        if (!thread.job) {
          idle = thread;
          break;
        }
      }
      if (!idle && threads.size < size) idle = start();
      if (!idle) return;
      const job = waiting.shift()!;
      idle.job = job;
      // A thread at work keeps the process alive until its answer; an idle one does not.
      idle.worker.ref();
      idle.worker.postMessage({ id: job.id, password: job.password, salt: job.salt, keyLength: job.keyLength, cost: job.cost });
    }
    for (const thread of threads) if (!thread.job) thread.worker.unref();
  }

  return {
    scrypt(password, salt, keyLength, cost) {
      if (closed) return Promise.reject(new Error('Password hashing failed: the pool is closed.'));
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ id: nextId++, password, salt, keyLength, cost: { N: cost.N, r: cost.r, p: cost.p, maxmem: cost.maxmem }, resolve, reject });
        dispatch();
      });
    },

    stats() {
      let running = 0;
      for (const thread of threads) if (thread.job) running += 1;
      return { threads: threads.size, running, queued: waiting.length };
    },

    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('Password hashing failed: the pool is closed.'));
      await Promise.all([...threads].map((thread) => thread.worker.terminate()));
    },
  };
}

export interface Gate {
  /** Runs `work` once fewer than the gate's limit are running, in the order they came. */
  run<T>(work: () => Promise<T>): Promise<T>;
  stats(): { running: number; waiting: number };
}

/**
 * At most `limit` pieces of work at once; the rest wait in order, holding nothing (no database
 * connection). Password sign-ins pass one, so that a burst of them does not put hundreds of
 * queries ahead of other members' in the connection pool's queue.
 */
export function createGate(limit: number): Gate {
  if (!(limit >= 1)) throw new Error('A gate lets at least one through.');
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    async run(work) {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
