import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';

/** A password being set: 8 to 64 characters (seed §5). Common ones are refused by the server. */
export const newPasswordSchema = (emptyKey: 'passwordRequired' | 'newPasswordRequired') =>
  z
    .string({ error: emptyKey })
    .min(1, { error: emptyKey })
    .min(PASSWORD_MIN_LENGTH, { error: 'passwordTooShort' })
    .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' });

/** `POST /v1/customer/{customerId}/password` and the change-password form. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'passwordRequired' })
      .min(1, { error: 'passwordRequired' })
      .max(1024, { error: 'tooLong' }),
    newPassword: newPasswordSchema('newPasswordRequired'),
    confirmPassword: z.string({ error: 'required' }).min(1, { error: 'required' }),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword && value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDoNotMatch' });
    }
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
