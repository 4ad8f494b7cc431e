import { z } from 'zod';
import { secretInput } from './password.js';
import { textInput } from './primitives.js';

/** Long enough for any real address (RFC 5321 caps a path at 254), short enough to stop abuse. */
export const EMAIL_MAX_LENGTH = 254;
/** A sign-in password is checked only for presence and a sane length; the rules apply when it is set. */
const LOGIN_PASSWORD_MAX_LENGTH = 1024;

export const EmailSchema = textInput({ error: 'emailRequired' })
  .min(1, { error: 'emailRequired' })
  .max(EMAIL_MAX_LENGTH, { error: 'tooLong' })
  .pipe(z.email({ error: 'emailInvalid' }));

/** Login payload (seed §3, §7): email and password, both required. */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: secretInput('passwordRequired').max(LOGIN_PASSWORD_MAX_LENGTH, { error: 'tooLong' }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** `POST /v1/customer/login` query: the flag that tells the client not to report this call's errors. */
export const LoginQuerySchema = z.object({
  skipErrorReporting: z.enum(['true', 'false']).optional(),
});

export const TokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/**
 * `/forgot-password` and the sign-in link request: just the e-mail. Here, beside the e-mail rule,
 * rather than with the joining forms: the login page's island would otherwise bundle the address
 * rules' phone and postcode tables (ADR 023).
 */
export const EmailOnlySchema = z.object({ email: EmailSchema });
export type EmailOnlyInput = z.infer<typeof EmailOnlySchema>;
