import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are hashed with scrypt (salted, memory-hard) and stored self-describing, so the cost
 * can be raised later and old hashes still verify: `scrypt$N$r$p$salt$hash` (base64).
 */
export const PRODUCTION_PASSWORD_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
let cost: { N: number; r: number; p: number } = PRODUCTION_PASSWORD_COST;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

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
