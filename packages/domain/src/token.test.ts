import { describe, expect, it } from 'vitest';
import { decodeTokenClaims } from './token.js';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('decodeTokenClaims', () => {
  it('reads sub and email from the middle part', () => {
    const token = `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'c1', email: 'a@b.c' })}.sig`;
    expect(decodeTokenClaims(token)).toMatchObject({ sub: 'c1', email: 'a@b.c' });
  });

  it.each(['', 'a.b', 'a.b.c.d', 'a..c', 'x.!!!.y', `${encode({})}.${encode([] as never)}`])(
    'refuses %j',
    (token) => {
      const result = decodeTokenClaims(token);
      expect(result === null || Array.isArray(result) === false).toBe(true);
      if (token.split('.').length !== 3) expect(result).toBeNull();
    },
  );

  it('refuses a middle part that is not JSON', () => {
    expect(decodeTokenClaims(`a.${Buffer.from('nope').toString('base64url')}.c`)).toBeNull();
  });
});
