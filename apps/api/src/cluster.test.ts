import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_RESTART_DELAY_MS, MAX_RESTART_DELAY_MS, QUICK_EXIT_MS, restartDelayMs, superviseWorkers, type WorkerHandle } from './cluster.js';

/*
 * The primary's rules for its workers (WEB_CONCURRENCY), with stand-in workers and a fake clock:
 * how many start, when the site counts as up, which ends are replaced and how fast, and how
 * stopping works. The real processes are in cluster.process.test.ts.
 */

class FakeWorker implements WorkerHandle {
  static nextPid = 1000;
  readonly pid = (FakeWorker.nextPid += 1);
  readonly signals: string[] = [];
  private listening: Array<() => void> = [];
  private exits: Array<(code: number | null, signal: string | null) => void> = [];
  onListening(listener: () => void) {
    this.listening.push(listener);
  }
  onExit(listener: (code: number | null, signal: string | null) => void) {
    this.exits.push(listener);
  }
  kill(signal: NodeJS.Signals) {
    this.signals.push(signal);
  }
  /** The worker's server is listening. */
  listen() {
    for (const listener of this.listening) listener();
  }
  /** The process ended. */
  exit(code: number | null, signal: string | null = null) {
    for (const listener of this.exits) listener(code, signal);
  }
}

function supervise(count: number, shutdownTimeoutMs = 5_000) {
  const forked: FakeWorker[] = [];
  const messages: string[] = [];
  const ready: number[][] = [];
  const done: number[] = [];
  const supervisor = superviseWorkers({
    count,
    fork: () => {
      const worker = new FakeWorker();
      forked.push(worker);
      return worker;
    },
    log: (message) => messages.push(message),
    onReady: (pids) => ready.push(pids),
    onDone: (code) => done.push(code),
    shutdownTimeoutMs,
  });
  return { supervisor, forked, messages, ready, done };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the workers of WEB_CONCURRENCY', () => {
  it('starts the number asked for, and is ready once every one listens', () => {
    const { forked, ready, supervisor } = supervise(3);
    expect(forked).toHaveLength(3);
    forked[0]!.listen();
    forked[2]!.listen();
    expect(ready).toEqual([]);
    forked[1]!.listen();
    expect(ready).toEqual([forked.map((worker) => worker.pid)]);
    // A second 'listening' of the same worker changes nothing.
    forked[1]!.listen();
    expect(ready).toHaveLength(1);
    expect(supervisor.pids()).toEqual(forked.map((worker) => worker.pid));
  });

  it('replaces a worker that dies while serving, at once, and says so', () => {
    const { forked, messages, ready, supervisor } = supervise(2);
    forked.forEach((worker) => worker.listen());
    vi.advanceTimersByTime(60_000);
    forked[0]!.exit(null, 'SIGKILL');
    expect(forked).toHaveLength(3);
    expect(messages).toEqual([`worker 1 (pid ${forked[0]!.pid}) stopped (signal SIGKILL); starting another`]);
    forked[2]!.listen();
    expect(messages[1]).toBe(`worker 1 (pid ${forked[2]!.pid}) is serving again`);
    expect(ready).toHaveLength(1);
    expect(supervisor.pids()).toEqual([forked[2]!.pid, forked[1]!.pid]);
  });

  it('waits longer and longer before restarting a worker that keeps failing, and starts afresh once one lasts', () => {
    const { forked, messages } = supervise(1);
    forked[0]!.listen();
    vi.advanceTimersByTime(QUICK_EXIT_MS + 1);
    forked[0]!.exit(1);
    // It had served long enough: replaced at once.
    expect(forked).toHaveLength(2);
    const delays: number[] = [];
    for (let failure = 1; failure <= 7; failure += 1) {
      const current = forked.at(-1)!;
      // Dies while starting (the database is away).
      current.exit(1);
      delays.push(restartDelayMs(failure));
      expect(messages.at(-1)).toBe(`worker 1 (pid ${current.pid}) stopped (exit code 1); starting another in ${restartDelayMs(failure) / 1000} s`);
      const before = forked.length;
      vi.advanceTimersByTime(restartDelayMs(failure) - 1);
      expect(forked).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(forked).toHaveLength(before + 1);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(delays[0]).toBe(FIRST_RESTART_DELAY_MS);
    expect(Math.max(...delays)).toBe(MAX_RESTART_DELAY_MS);
    // This one serves long enough: its end is restarted at once again.
    forked.at(-1)!.listen();
    vi.advanceTimersByTime(QUICK_EXIT_MS);
    const count = forked.length;
    forked.at(-1)!.exit(null, 'SIGSEGV');
    expect(forked).toHaveLength(count + 1);
  });

  it('stops everything with exit code 1 when a worker cannot start at first (the port is taken, the database away)', () => {
    const { forked, messages, ready, done } = supervise(3);
    forked[0]!.listen();
    forked[1]!.exit(1);
    expect(messages).toEqual([`worker 2 (pid ${forked[1]!.pid}) could not start (exit code 1); stopping`]);
    expect(forked).toHaveLength(3);
    expect(forked[0]!.signals).toEqual(['SIGTERM']);
    expect(forked[2]!.signals).toEqual(['SIGTERM']);
    expect(done).toEqual([]);
    forked[0]!.exit(0);
    forked[2]!.listen();
    forked[2]!.exit(0);
    expect(done).toEqual([1]);
    expect(ready).toEqual([]);
  });

  it('on stop, asks each worker to finish (SIGTERM), restarts none, and is done when all have ended', () => {
    const { forked, supervisor, done } = supervise(2);
    forked.forEach((worker) => worker.listen());
    supervisor.stop();
    supervisor.stop();
    expect(forked.map((worker) => worker.signals)).toEqual([['SIGTERM'], ['SIGTERM']]);
    forked[0]!.exit(0);
    expect(done).toEqual([]);
    forked[1]!.exit(0);
    expect(forked).toHaveLength(2);
    expect(done).toEqual([0]);
  });

  it('kills a worker that has not finished within the shutdown time', () => {
    const { forked, supervisor, done, messages } = supervise(2, 5_000);
    forked.forEach((worker) => worker.listen());
    supervisor.stop();
    forked[0]!.exit(0);
    vi.advanceTimersByTime(4_999);
    expect(forked[1]!.signals).toEqual(['SIGTERM']);
    vi.advanceTimersByTime(1);
    expect(forked[1]!.signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(messages.at(-1)).toBe(`worker 2 (pid ${forked[1]!.pid}) did not stop within 5 s; killing it`);
    forked[1]!.exit(null, 'SIGKILL');
    expect(done).toEqual([0]);
  });

  it('cancels a restart still waiting when it stops', () => {
    const { forked, supervisor, done } = supervise(1);
    forked[0]!.listen();
    forked[0]!.exit(1);
    // Died quickly after listening: its replacement waits a second.
    expect(forked).toHaveLength(1);
    supervisor.stop();
    expect(done).toEqual([0]);
    vi.advanceTimersByTime(MAX_RESTART_DELAY_MS);
    expect(forked).toHaveLength(1);
  });
});
