import cluster from 'node:cluster';
import type { Config } from './env.js';
import { loadSigningKeys } from './modules/auth/signing-keys.js';
import { createConfiguredGateway, openConfiguredDatabase, prepareDatabase, startBanner, WAITING_FOR_ANOTHER_START } from './startup.js';

/*
 * WEB_CONCURRENCY=N (N > 1, with DATABASE_URL): N API workers on one port, each a process of its
 * own (node:cluster; on Linux the primary accepts the connections and hands them out in turn).
 * The primary serves nothing: it migrates and seeds the database once, starts the workers,
 * replaces one that stops, and on SIGINT or SIGTERM closes them gracefully.
 */

/** A worker as the supervisor sees it (node:cluster's Worker, or a test's stand-in). */
export interface WorkerHandle {
  readonly pid: number | undefined;
  onListening(listener: () => void): void;
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  kill(signal: NodeJS.Signals): void;
}

export interface SupervisorOptions {
  count: number;
  /** Starts one worker process. */
  fork: () => WorkerHandle;
  /** One sentence for the operator. */
  log: (message: string) => void;
  /** Once, when every worker of the first start listens. */
  onReady: (pids: number[]) => void;
  /** When every worker has ended: after `stop`, or after a worker could not start. The process exits with `code`. */
  onDone: (code: number) => void;
  /** How long stopping workers may take to finish their requests before they are killed. */
  shutdownTimeoutMs?: number;
}

/** A worker that stops within this long of listening (or before) counts as failing again: restarts slow down. */
export const QUICK_EXIT_MS = 10_000;
/** The first delay before restarting a worker that keeps failing, doubled after each quick failure. */
export const FIRST_RESTART_DELAY_MS = 1_000;
export const MAX_RESTART_DELAY_MS = 30_000;
export const SHUTDOWN_TIMEOUT_MS = 30_000;

/** The delay before restarting a worker after `quickFailures` quick failures in a row. */
export const restartDelayMs = (quickFailures: number) =>
  quickFailures <= 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (quickFailures - 1));

interface Slot {
  index: number;
  worker: WorkerHandle | null;
  startedAt: number;
  listeningAt: number | null;
  quickFailures: number;
  restart: NodeJS.Timeout | null;
}

/**
 * Keeps `count` workers running. A worker of the first start that ends before it listens means
 * the start failed (the port is taken, the database is away): everything stops, exit code 1,
 * rather than a loop of failing starts. Later, a worker that ends for any reason but `stop` is
 * replaced at once, or after a growing delay (1 s, 2 s, 4 s … 30 s) while replacements keep
 * failing within QUICK_EXIT_MS.
 */
export function superviseWorkers(options: SupervisorOptions) {
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS;
  const slots: Slot[] = Array.from({ length: options.count }, (_, index) => ({
    index,
    worker: null,
    startedAt: 0,
    listeningAt: null,
    quickFailures: 0,
    restart: null,
  }));
  let ready = false;
  let stopping = false;
  let exitCode = 0;
  let killTimer: NodeJS.Timeout | null = null;
  let done = false;

  const name = (slot: Slot, worker: WorkerHandle) => `worker ${slot.index + 1} (pid ${worker.pid ?? '?'})`;
  const live = () => slots.filter((slot) => slot.worker !== null);

  function finishIfAllGone() {
    if (done || !stopping || live().length > 0) return;
    done = true;
    if (killTimer) clearTimeout(killTimer);
    options.onDone(exitCode);
  }

  function start(slot: Slot) {
    slot.restart = null;
    const worker = options.fork();
    slot.worker = worker;
    slot.startedAt = Date.now();
    slot.listeningAt = null;
    worker.onListening(() => {
      if (slot.worker !== worker || slot.listeningAt !== null) return;
      slot.listeningAt = Date.now();
      if (ready) {
        options.log(`${name(slot, worker)} is serving again`);
      } else if (slots.every((s) => s.listeningAt !== null)) {
        ready = true;
        if (!stopping) options.onReady(slots.map((s) => s.worker?.pid ?? 0));
      }
    });
    worker.onExit((code, signal) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (stopping) {
        finishIfAllGone();
        return;
      }
      if (!ready && slot.listeningAt === null) {
        options.log(`${name(slot, worker)} could not start (${how}); stopping`);
        exitCode = 1;
        stop();
        return;
      }
      const lived = Date.now() - (slot.listeningAt ?? slot.startedAt);
      slot.quickFailures = slot.listeningAt === null || lived < QUICK_EXIT_MS ? slot.quickFailures + 1 : 0;
      const delay = restartDelayMs(slot.quickFailures);
      options.log(`${name(slot, worker)} stopped (${how}); starting another${delay > 0 ? ` in ${delay / 1000} s` : ''}`);
      if (delay === 0) start(slot);
      else slot.restart = setTimeout(() => start(slot), delay);
    });
  }

  /** Asks every worker to finish its requests and end (SIGTERM); kills those still running after the timeout. */
  function stop() {
    if (stopping) return;
    stopping = true;
    for (const slot of slots) {
      if (slot.restart) clearTimeout(slot.restart);
      slot.restart = null;
    }
    for (const slot of live()) slot.worker!.kill('SIGTERM');
    if (live().length > 0) {
      killTimer = setTimeout(() => {
        for (const slot of live()) {
          options.log(`${name(slot, slot.worker!)} did not stop within ${shutdownTimeoutMs / 1000} s; killing it`);
          slot.worker!.kill('SIGKILL');
        }
      }, shutdownTimeoutMs);
      killTimer.unref();
    }
    finishIfAllGone();
  }

  for (const slot of slots) start(slot);

  return {
    stop,
    /** The pids of the workers running now, in slot order. */
    pids: () => live().map((slot) => slot.worker!.pid ?? 0),
  };
}

/** node:cluster's worker in the supervisor's terms; the signal goes to the process, so it closes gracefully. */
function forkClusterWorker(): WorkerHandle {
  const worker = cluster.fork();
  return {
    get pid() {
      return worker.process.pid;
    },
    onListening: (listener) => worker.on('listening', listener),
    onExit: (listener) => worker.on('exit', (code: number | null, signal: string | null) => listener(code, signal)),
    kill: (signal) => {
      if (worker.process.exitCode === null && worker.process.signalCode === null) worker.process.kill(signal);
    },
  };
}

const say = (message: string) => console.log(`[cluster] ${message}`);

/**
 * The primary process: checks the keys, migrates and seeds once (under the startup lock, so other
 * machines starting at the same time wait), then starts WEB_CONCURRENCY workers and supervises them.
 */
export async function runCluster(config: Config): Promise<void> {
  // Made here, before the workers start: each would otherwise race to create the same key files.
  loadSigningKeys({ privateKeyPem: config.TOKEN_PRIVATE_KEY, dataDir: config.DATA_DIR });
  const paymentGateway = createConfiguredGateway(config);
  const database = await openConfiguredDatabase(config);
  try {
    const seeded = await prepareDatabase(config, database, paymentGateway, () => say(WAITING_FOR_ANOTHER_START));
    if (seeded) say('demo producer seeded');
  } finally {
    // The primary serves nothing: its connections would only count against the server's limit.
    await database.close();
  }

  say(`starting ${config.WEB_CONCURRENCY} API workers on port ${config.PORT}`);
  if (!config.REDIS_URL) {
    // Sign-in and the other costly actions are counted in PostgreSQL, shared whatever this says.
    say(
      `without REDIS_URL each worker counts the per-IP ceiling (RATE_LIMIT_MAX=${config.RATE_LIMIT_MAX} a minute) on its own, so one client gets up to ${config.WEB_CONCURRENCY} times that; set REDIS_URL to count it once`,
    );
  }
  const supervisor = superviseWorkers({
    count: config.WEB_CONCURRENCY,
    fork: forkClusterWorker,
    log: say,
    onReady: (pids) => console.log(startBanner(config, database.kind, pids)),
    onDone: (code) => process.exit(code),
  });
  // `on`, not `once`: a Ctrl-C reaches the primary from the terminal and again from
  // scripts/start.mjs; the workers get the terminal's too, and close the same way.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      say(`${signal} received, closing the workers`);
      supervisor.stop();
    });
  }
}
