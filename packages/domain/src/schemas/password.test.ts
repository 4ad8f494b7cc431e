import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/messages.js';
import { ChangePasswordSchema } from './password.js';

const change = (newPassword: string, confirmPassword = newPassword, currentPassword = 'Old-Password-1') => ({
  currentPassword,
  newPassword,
  confirmPassword,
});

describe('ChangePasswordSchema', () => {
  it('accepts 8 and 64 characters, not 7 or 65', () => {
    expect(fieldMessages(ChangePasswordSchema, change('a'.repeat(8)))).toEqual({});
    expect(fieldMessages(ChangePasswordSchema, change('a'.repeat(64)))).toEqual({});
    expect(fieldMessages(ChangePasswordSchema, change('a'.repeat(7)))).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
    expect(fieldMessages(ChangePasswordSchema, change('a'.repeat(65)))).toEqual({
      newPassword: 'Password must be at most 64 characters',
    });
  });

  it('says when the confirmation does not match', () => {
    expect(fieldMessages(ChangePasswordSchema, change('Long-enough-1', 'Long-enough-2'))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('refuses the current password as the new one, on the new password, as typed', () => {
    expect(fieldMessages(ChangePasswordSchema, change('Old-Password-1'))).toEqual({
      newPassword: 'Your new password must be different from your current one.',
    });
    // Only the very same characters count: a space or a letter's case makes another password.
    expect(fieldMessages(ChangePasswordSchema, change('old-Password-1'))).toEqual({});
    expect(fieldMessages(ChangePasswordSchema, change('Old-Password-1 '))).toEqual({});
  });

  it('asks for each field', () => {
    expect(fieldMessages(ChangePasswordSchema, change('', '', ''))).toEqual({
      currentPassword: 'Please enter your password',
      newPassword: 'Please enter a new password',
      confirmPassword: 'Please fill in this field',
    });
  });
});
