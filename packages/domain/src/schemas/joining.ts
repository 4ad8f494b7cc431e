import { z } from 'zod';
import { addressFields, checkAddress, normaliseStateCode } from './address.js';
import type { AgeRuleOptions } from './fields.js';
import { checkPhone } from './fields.js';
import { newPasswordSchema, secretInput } from './password.js';
import { textInput } from './primitives.js';
import { checkConfirmEmail, personFields } from './profile.js';

export const IDEAL_ALLOCATION_MAX_LENGTH = 1_000;

/**
 * Join Allocation (`/allocation`, seed §2, §3, §5): the person, their address, and consent to be
 * contacted. Stored as a request for staff; nobody becomes a member by filling it in.
 */
export const createJoinAllocationSchema = (options: AgeRuleOptions = {}) =>
  z
    .object({ ...personFields(options), ...addressFields })
    .superRefine((value, ctx) => {
      checkConfirmEmail(value, ctx);
      checkPhone(value, ctx);
      checkAddress(value, ctx);
    })
    .transform(normaliseStateCode);
export const JoinAllocationSchema = createJoinAllocationSchema();
export type JoinAllocationFormValues = z.input<typeof JoinAllocationSchema>;
export type JoinAllocationInput = z.output<typeof JoinAllocationSchema>;

/** Founder's List sign-up: the same person, plus the ideal allocation, which is required (seed §5). */
export const createFoundersListSchema = (options: AgeRuleOptions = {}) =>
  z
    .object({
      ...personFields(options),
      ...addressFields,
      idealAllocation: textInput({ error: 'idealAllocationRequired', multiline: true })
        .min(1, { error: 'idealAllocationRequired' })
        .max(IDEAL_ALLOCATION_MAX_LENGTH, { error: 'tooLong' }),
    })
    .superRefine((value, ctx) => {
      checkConfirmEmail(value, ctx);
      checkPhone(value, ctx);
      checkAddress(value, ctx);
    })
    .transform(normaliseStateCode);
export const FoundersListSchema = createFoundersListSchema();
export type FoundersListFormValues = z.input<typeof FoundersListSchema>;
export type FoundersListInput = z.output<typeof FoundersListSchema>;

/** Reset password and create password (seed §2): a new password twice, and the e-mailed token. */
export const SetPasswordSchema = z
  .object({
    token: textInput({ error: 'linkInvalid', trim: false }).min(16, { error: 'linkInvalid' }).max(256, { error: 'linkInvalid' }),
    password: newPasswordSchema('passwordRequired'),
    confirmPassword: secretInput('required'),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDoNotMatch' });
    }
  });
export type SetPasswordInput = z.infer<typeof SetPasswordSchema>;
