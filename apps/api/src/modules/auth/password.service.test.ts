import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.service.js';

describe('password hashing', () => {
  it('stores a self-describing scrypt hash that verifies only the right password', async () => {
    const hash = await hashPassword('Vintage-2026!');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(hash).not.toContain('Vintage-2026!');
    expect(await verifyPassword('Vintage-2026!', hash)).toBe(true);
    expect(await verifyPassword('vintage-2026!', hash)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same-password', a)).toBe(true);
    expect(await verifyPassword('same-password', b)).toBe(true);
  });

  it('refuses malformed stored values instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$1$2$3$4$5', 'scrypt$x$8$1$c2FsdA==$aGFzaA==']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});
