import { describe, expect, it } from 'vitest';
import { LoginSchema } from './login.js';
import { renderValidationMessage } from '../messages/validation.js';

const messages = (input: unknown) => {
  const result = LoginSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((i) => [i.path.join('.'), renderValidationMessage(i.message)]),
  );
};

describe('LoginSchema', () => {
  it('accepts an e-mail and a password, trimming the e-mail', () => {
    expect(LoginSchema.parse({ email: ' member@example.com ', password: 'x' })).toEqual({
      email: 'member@example.com',
      password: 'x',
    });
  });

  it('asks for both fields when empty', () => {
    expect(messages({ email: '', password: '' })).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
  });

  it('asks for both fields when missing', () => {
    expect(messages({})).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
  });

  it('refuses an invalid e-mail address', () => {
    expect(messages({ email: 'member@', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('refuses an e-mail over 254 characters', () => {
    expect(messages({ email: `${'a'.repeat(250)}@b.co`, password: 'x' })).toEqual({
      email: 'This text is too long',
    });
  });
});
