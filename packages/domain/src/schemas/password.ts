import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { textInput } from './primitives.js';

/**
 * A password or its confirmation, taken as typed: never trimmed, and tabs and line breaks are kept,
 * since refusing what earlier forms accepted would lock the owner out. NUL and lone surrogates are
 * still refused: no one types them, and a lone surrogate would hash the same as U+FFFD.
 */
export const secretInput = (error: string) => textInput({ error, trim: false, multiline: true }).min(1, { error });

/** A password being set: 8 to 64 characters (seed §5). Common ones are refused by the server. */
export const newPasswordSchema = (emptyKey: 'passwordRequired' | 'newPasswordRequired') =>
  secretInput(emptyKey)
    .min(PASSWORD_MIN_LENGTH, { error: 'passwordTooShort' })
    .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' });

/** `POST /v1/customer/{customerId}/password` and the change-password form. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: secretInput('passwordRequired')
      .max(1024, { error: 'tooLong' }),
    newPassword: newPasswordSchema('newPasswordRequired'),
    confirmPassword: secretInput('required'),
  })
  .superRefine((value, ctx) => {
    // A "change" to the same password changes nothing, yet would end every other session: said
    // on the new password, where the member can act on it. Compared as typed (never trimmed).
    if (value.currentPassword && value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'newPasswordSameAsCurrent' });
    }
    if (value.confirmPassword && value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDoNotMatch' });
    }
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
