import { describe, expect, it } from 'vitest';
import { tokenClaims } from './token-claims';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: unknown) => `${encode({ alg: 'EdDSA' })}.${encode(claims)}.c2ln`;

describe('tokenClaims', () => {
  it('reads sub and email from the middle part', () => {
    expect(tokenClaims(token({ sub: 'c1', email: 'a@b.c', exp: 1 }))).toEqual({ sub: 'c1', email: 'a@b.c' });
  });

  it('leaves out a claim that is not a string', () => {
    expect(tokenClaims(token({ sub: 42, email: ['a@b.c'] }))).toEqual({});
  });

  it.each([null, undefined, '', 'a.b', 'a.b.c.d', 'a.b.c.d.e', 'a..c', '.b.c', 'a.b.', 'x.!!!.y'])('refuses the shape %j', (shape) => {
    expect(tokenClaims(shape)).toBeNull();
  });

  // Three parts each: only the middle part's JSON is wrong, so a shape check alone cannot pass these.
  it.each([
    ['an array', `a.${encode([])}.c`],
    ['an array with members', `a.${encode([{ sub: 'c1' }])}.c`],
    ['null', `a.${encode(null)}.c`],
    ['a string', `a.${encode('c1')}.c`],
    ['a number', `a.${encode(42)}.c`],
    ['true', `a.${encode(true)}.c`],
  ])('refuses claims that are %s', (_kind, refused) => {
    expect(refused.split('.')).toHaveLength(3);
    expect(tokenClaims(refused)).toBeNull();
  });

  it('refuses a middle part that is not JSON', () => {
    expect(tokenClaims(`a.${Buffer.from('nope').toString('base64url')}.c`)).toBeNull();
  });
});
