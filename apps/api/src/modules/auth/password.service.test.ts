import { randomBytes, scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, lowerPasswordCostForTests, PRODUCTION_PASSWORD_COST, verifyPassword } from './password.service.js';

const HASH_SHAPE = (N: number) => new RegExp(`^scrypt\\$${N}\\$8\\$1\\$[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{88}$`);

describe('password hashing', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('hashes at N=2^15, r=8, p=1 on the path a server takes (the module as loaded, no test setup)', async () => {
    vi.resetModules();
    const production = await import('./password.service.js');
    const hash = await production.hashPassword('Vintage-2026!');
    expect(hash.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(hash).toMatch(HASH_SHAPE(32768));
    expect(PRODUCTION_PASSWORD_COST).toEqual({ N: 32768, r: 8, p: 1 });
    expect(await production.verifyPassword('Vintage-2026!', hash)).toBe(true);
    expect(await production.verifyPassword('vintage-2026!', hash)).toBe(false);
  });

  it('under test, hashes cheaply (the setup lowered N) and the hash still says its own cost', async () => {
    const hash = await hashPassword('Vintage-2026!');
    expect(hash).toMatch(HASH_SHAPE(1024));
    expect(hash).not.toContain('Vintage-2026!');
    expect(await verifyPassword('Vintage-2026!', hash)).toBe(true);
    expect(await verifyPassword('vintage-2026!', hash)).toBe(false);
  });

  it('refuses to lower the cost outside a vitest worker or with NODE_ENV=production', () => {
    vi.stubEnv('VITEST', '');
    expect(() => lowerPasswordCostForTests()).toThrow('only be lowered inside a vitest run');
    vi.stubEnv('VITEST', 'true');
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => lowerPasswordCostForTests()).toThrow('only be lowered inside a vitest run');
    vi.stubEnv('NODE_ENV', 'test');
    expect(() => lowerPasswordCostForTests(3000)).toThrow('power of two');
    expect(() => lowerPasswordCostForTests(2 ** 16)).toThrow('power of two');
  });

  it('salts: the same password hashes differently each time', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same-password', a)).toBe(true);
    expect(await verifyPassword('same-password', b)).toBe(true);
  });

  it('verifies across hashing paths: the threads, libuv\'s threadpool (PASSWORD_HASH_THREADS=0) and a hash made elsewhere', async () => {
    const onThreads = await hashPassword('Vintage-2026!');
    vi.resetModules();
    const onLibuv = await import('./password.service.js');
    onLibuv.configurePasswordHashing({ threads: 0 });
    onLibuv.lowerPasswordCostForTests();
    const libuvHash = await onLibuv.hashPassword('Vintage-2026!');
    expect(await onLibuv.verifyPassword('Vintage-2026!', onThreads)).toBe(true);
    expect(await verifyPassword('Vintage-2026!', libuvHash)).toBe(true);
    expect(await verifyPassword('Vintage-2026?', libuvHash)).toBe(false);
    // As bench/lib and the seed scripts write it with scryptSync.
    const salt = randomBytes(16);
    const key = scryptSync('Vintage-2026!', salt, 64, { N: 1024, r: 8, p: 1 });
    const elsewhere = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('Vintage-2026!', elsewhere)).toBe(true);
    expect(await onLibuv.verifyPassword('Vintage-2026!', elsewhere)).toBe(true);
  });

  it('is configured before the first hash, with a whole number of threads', async () => {
    vi.resetModules();
    const fresh = await import('./password.service.js');
    expect(() => fresh.configurePasswordHashing({ threads: -1 })).toThrow('whole number');
    expect(() => fresh.configurePasswordHashing({ threads: 1.5 })).toThrow('whole number');
    fresh.configurePasswordHashing({ threads: 1 });
    fresh.lowerPasswordCostForTests();
    await fresh.hashPassword('x');
    expect(() => fresh.configurePasswordHashing({ threads: 2 })).toThrow('before the first hash');
    // The same setting again (a second server started in the same process) changes nothing.
    expect(() => fresh.configurePasswordHashing({ threads: 1 })).not.toThrow();
  });

  it('refuses malformed stored values instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$1$2$3$4$5', 'scrypt$x$8$1$c2FsdA==$aGFzaA==']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});
