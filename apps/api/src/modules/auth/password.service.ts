import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createGate, createHashPool, type Gate, type HashPool, type ScryptCost } from './password-hash-pool.js';

/**
 * Passwords are hashed with scrypt (salted, memory-hard) and stored self-describing, so the cost
 * can be raised later and old hashes still verify: `scrypt$N$r$p$salt$hash` (base64).
 */
export const PRODUCTION_PASSWORD_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
let cost: { N: number; r: number; p: number } = PRODUCTION_PASSWORD_COST;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

/**
 * How much a hashing thread yields to everything else (Linux nice, added to the API's own): at +19
 * (the most) a thread wanting the CPU beside it — the event loop, the database on a small machine —
 * gets about 98 % of a core to the hash's 2 %, and the hash takes whatever is left. Measured against
 * +10 in storms of 300 sign-ins: other members' reads were no slower than at rest, and the storm's
 * sign-ins finished as fast.
 */
export const HASHING_NICENESS = 19;

/**
 * Hashing threads when PASSWORD_HASH_THREADS is unset: one per core but one, which stays free for
 * the event loop (it runs on one core at most) and whatever shares the machine — the database, on a
 * small one — shared out between the API processes of the machine (WEB_CONCURRENCY), one each at
 * least. Measured on two cores during a storm of 300 sign-ins: two threads signed in no more
 * members a second than one, and made other members' reads three times slower (docs/performance.md).
 */
export function defaultPasswordHashThreads(cores = availableParallelism(), processes = 1): number {
  return Math.max(1, Math.floor((cores - 1) / processes));
}

let threads = defaultPasswordHashThreads();
let pool: HashPool | undefined;
let gate: Gate | undefined;

/**
 * PASSWORD_HASH_THREADS, set once at start (start-server.ts) before any hash: how many threads
 * hash passwords at most. 0 hashes on Node's shared libuv threadpool instead, as before issue 16 —
 * kept for comparison (bench/release-day.mjs measures both), not for production: there a sign-in
 * storm queues hashes ahead of every signed-in request's token check.
 */
export function configurePasswordHashing(options: { threads: number }): void {
  if (!Number.isInteger(options.threads) || options.threads < 0) throw new Error('The number of hashing threads must be a whole number, 0 or more.');
  if (options.threads === threads) return;
  if (pool || gate) throw new Error('Password hashing is configured before the first hash.');
  threads = options.threads;
}

/**
 * Password sign-ins in progress at once: twice the hashing threads, so the threads are never idle
 * while a sign-in reads or writes around its hash, and no more. The rest wait their turn before
 * their first query: 500 members signing in at once would otherwise put a thousand queries ahead
 * of every other member's in the database pool's queue. PASSWORD_HASH_THREADS=0 (libuv's
 * threadpool, as before issue 16) lets every sign-in through, as before.
 */
export const signInsAtOnce = (): number => (threads === 0 ? Number.POSITIVE_INFINITY : threads * 2);

/** Runs one password sign-in (or password change) when its turn comes; see signInsAtOnce. */
export function withPasswordTurn<T>(work: () => Promise<T>): Promise<T> {
  if (threads === 0) return work();
  gate ??= createGate(signInsAtOnce());
  return gate.run(work);
}

function libuvScrypt(password: string, salt: Buffer, keyLength: number, cost: ScryptCost) {
  return new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password, salt, keyLength, cost, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const scrypt = (password: string, salt: Buffer, keyLength: number, cost: ScryptCost): Promise<Buffer> => {
  if (threads === 0) return libuvScrypt(password, salt, keyLength, cost);
  pool ??= createHashPool({ threads, niceness: HASHING_NICENESS });
  return pool.scrypt(password, salt, keyLength, cost);
};

// scrypt needs 128·N·r bytes; Node's default 32 MiB ceiling is exactly that for N=2^15, r=8, so give headroom.
const maxmem = (N: number, r: number) => 256 * N * r;

/**
 * Test runs only: new hashes at a lower N. At 2^15 one hash takes ~90 ms here and the API suite
 * makes thousands; verification reads the cost from each hash, so nothing else changes. Production
 * cannot reach it: only a vitest worker may call it (vitest sets VITEST; NODE_ENV=production is
 * refused as well), only the test setup does (src/testing/vitest-setup.ts), and a server started
 * from dist never runs that setup — its hashes keep PRODUCTION_PASSWORD_COST (password.service.test.ts).
 */
export function lowerPasswordCostForTests(N = 2 ** 10): void {
  if (!process.env.VITEST || process.env.NODE_ENV === 'production') {
    throw new Error('The password cost can only be lowered inside a vitest run.');
  }
  if (!Number.isInteger(Math.log2(N)) || N < 2 || N > PRODUCTION_PASSWORD_COST.N) {
    throw new Error(`The test password cost must be a power of two between 2 and ${PRODUCTION_PASSWORD_COST.N}.`);
  }
  cost = { ...PRODUCTION_PASSWORD_COST, N };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = cost;
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length === 0) return false;
  const actual = await scrypt(password.normalize('NFKC'), salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * For an unknown e-mail we still spend one hash, so the answer takes as long as for a wrong
 * password and response times don't reveal who is a member.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await dummyHash);
}
