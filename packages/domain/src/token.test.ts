import { describe, expect, it } from 'vitest';
import { decodeTokenClaims } from './token.js';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('decodeTokenClaims', () => {
  it('reads sub and email from the middle part', () => {
    const token = `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'c1', email: 'a@b.c' })}.sig`;
    expect(decodeTokenClaims(token)).toMatchObject({ sub: 'c1', email: 'a@b.c' });
  });

  it.each(['', 'a.b', 'a.b.c.d', 'a..c', '.b.c', 'a.b.', 'x.!!!.y'])('refuses the shape %j', (token) => {
    expect(decodeTokenClaims(token)).toBeNull();
  });

  // Three parts each: only the middle part's JSON is wrong, so a shape check alone cannot pass these.
  it.each([
    ['an array', `a.${encode([])}.c`],
    ['an array with members', `a.${encode([{ sub: 'c1' }])}.c`],
    ['null', `a.${encode(null)}.c`],
    ['a string', `a.${encode('c1')}.c`],
    ['a number', `a.${encode(42)}.c`],
    ['true', `a.${encode(true)}.c`],
  ])('refuses claims that are %s', (_kind, token) => {
    expect(token.split('.')).toHaveLength(3);
    expect(decodeTokenClaims(token)).toBeNull();
  });

  it('refuses a middle part that is not JSON', () => {
    expect(decodeTokenClaims(`a.${Buffer.from('nope').toString('base64url')}.c`)).toBeNull();
  });
});
