import { randomBytes, scryptSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createGate, createHashPool, HASH_WORKER_SOURCE, type HashPool } from './password-hash-pool.js';
import { defaultPasswordHashThreads } from './password.service.js';

const COST = { N: 2 ** 10, r: 8, p: 1, maxmem: 256 * 2 ** 10 * 8 };

/** The nice value of each of this process's threads, by name (Linux only: /proc/self/task). */
function threadNiceness(): { tid: string; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the name (which may hold spaces) are counted from its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ tid, nice: Number(fields[16]) }];
    } catch {
      return [];
    }
  });
}

describe('password hashing pool', () => {
  let pool: HashPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('gives the key node:crypto computes for the same password, salt and cost', async () => {
    pool = createHashPool({ threads: 2 });
    const salts = Array.from({ length: 6 }, () => randomBytes(16));
    const keys = await Promise.all(salts.map((salt, i) => pool!.scrypt(`Vintage-2026!${i}`, salt, 64, COST)));
    keys.forEach((key, i) => {
      expect(Buffer.isBuffer(key)).toBe(true);
      expect(key.equals(scryptSync(`Vintage-2026!${i}`, salts[i]!, 64, COST))).toBe(true);
    });
    // A different password, or a different salt, gives a different key.
    expect((await pool.scrypt('Vintage-2026!0', salts[1]!, 64, COST)).equals(keys[0]!)).toBe(false);
  });

  it('runs no more hashes at once than it has threads; the rest wait their turn and all finish', async () => {
    pool = createHashPool({ threads: 2 });
    const seen: { threads: number; running: number; queued: number }[] = [];
    const jobs = Array.from({ length: 12 }, (_, i) => pool!.scrypt(`password-${i}`, randomBytes(16), 64, { ...COST, N: 2 ** 12, maxmem: 256 * 2 ** 12 * 8 }));
    seen.push(pool.stats());
    const sampler = setInterval(() => seen.push(pool!.stats()), 1);
    const keys = await Promise.all(jobs);
    clearInterval(sampler);
    seen.push(pool.stats());

    expect(keys).toHaveLength(12);
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(12);
    expect(seen[0]).toEqual({ threads: 2, running: 2, queued: 10 });
    expect(Math.max(...seen.map((s) => s.running))).toBe(2);
    expect(Math.max(...seen.map((s) => s.threads))).toBe(2);
    expect(seen.at(-1)).toEqual({ threads: 2, running: 0, queued: 0 });
  });

  it('answers a hash that fails with an error, and keeps hashing the next ones', async () => {
    pool = createHashPool({ threads: 1 });
    // scrypt refuses a cost that needs more memory than maxmem allows.
    await expect(pool.scrypt('x', randomBytes(16), 64, { ...COST, maxmem: 1024 })).rejects.toThrow(/Password hashing failed: .*memory/i);
    const salt = randomBytes(16);
    expect((await pool.scrypt('x', salt, 64, COST)).equals(scryptSync('x', salt, 64, COST))).toBe(true);
  });

  it('fails the hash of a thread that dies instead of leaving its caller waiting, and starts another', async () => {
    // The real program, but a thread given this password exits in the middle of the job.
    const dying = HASH_WORKER_SOURCE.replace("parentPort.on('message', (job) => {", "parentPort.on('message', (job) => {\n  if (job.password === 'crash') process.exit(3);");
    expect(dying).not.toBe(HASH_WORKER_SOURCE);
    pool = createHashPool({ threads: 1, workerSource: dying });
    const salt = randomBytes(16);
    const [crashed, after] = await Promise.allSettled([pool.scrypt('crash', salt, 64, COST), pool.scrypt('fine', salt, 64, COST)]);
    expect(crashed.status).toBe('rejected');
    expect((crashed as PromiseRejectedResult).reason.message).toMatch(/Password hashing failed: the hashing thread stopped \(exit code 3\)/);
    expect(after.status).toBe('fulfilled');
    expect((after as PromiseFulfilledResult<Buffer>).value.equals(scryptSync('fine', salt, 64, COST))).toBe(true);
  });

  it('refuses the jobs still waiting when it closes', async () => {
    pool = createHashPool({ threads: 1 });
    const settling = Promise.allSettled(Array.from({ length: 3 }, () => pool!.scrypt('x', randomBytes(16), 64, COST)));
    await pool.close();
    const settled = await settling;
    expect(settled.every((result) => result.status === 'rejected')).toBe(true);
    await expect(pool.scrypt('x', randomBytes(16), 64, COST)).rejects.toThrow('the pool is closed');
  });

  it.runIf(process.platform === 'linux')('on Linux, hashes on threads of lower priority and leaves the event loop\'s alone', async () => {
    const before = new Map(threadNiceness().map((thread) => [thread.tid, thread.nice]));
    const main = before.get(String(process.pid))!;
    pool = createHashPool({ threads: 2, niceness: 10 });
    await Promise.all([pool.scrypt('a', randomBytes(16), 64, COST), pool.scrypt('b', randomBytes(16), 64, COST)]);
    const after = threadNiceness();
    const started = after.filter((thread) => !before.has(thread.tid));
    expect(started.filter((thread) => thread.nice === Math.min(19, main + 10)).length).toBeGreaterThanOrEqual(2);
    // Every thread that was there before keeps its priority: the event loop, libuv's pool, V8's.
    for (const thread of after) if (before.has(thread.tid)) expect(thread.nice).toBe(before.get(thread.tid));
  });

  it('by default hashes on every core but one, shared between the machine\'s API processes, one each at least', () => {
    expect(defaultPasswordHashThreads(2)).toBe(1);
    expect(defaultPasswordHashThreads(8)).toBe(7);
    expect(defaultPasswordHashThreads(1)).toBe(1);
    expect(defaultPasswordHashThreads(8, 4)).toBe(1);
    expect(defaultPasswordHashThreads(16, 3)).toBe(5);
    expect(defaultPasswordHashThreads(2, 2)).toBe(1);
  });
});

describe('sign-in gate', () => {
  it('lets `limit` through at once, the rest in the order they came, and frees a turn when work fails', async () => {
    const gate = createGate(2);
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const work = (name: string, fail = false) =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(name);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([work('a'), work('b', true), work('c'), work('d'), work('e', true), work('f')]);
    expect(most).toBe(2);
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('b failed');
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
