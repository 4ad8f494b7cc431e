import { z } from 'zod';
import { EmailSchema } from './login.js';
import { textInput } from './primitives.js';
import {
  checkPhone,
  COMPANY_MAX_LENGTH,
  dateOfBirthSchema,
  optionalText,
  personName,
  PhoneFields,
  PrefixSchema,
  type AgeRuleOptions,
} from './fields.js';

/** The person fields every form about a member or prospect shares (seed §3). */
export const personFields = (options: AgeRuleOptions = {}) => ({
  prefix: PrefixSchema,
  firstName: personName('firstNameRequired', 'invalidFirstName'),
  lastName: personName('lastNameRequired', 'invalidLastName'),
  email: EmailSchema,
  confirmEmail: textInput({ error: 'required' }).min(1, { error: 'required' }),
  ...PhoneFields,
  dateOfBirth: dateOfBirthSchema(options),
  company: optionalText(COMPANY_MAX_LENGTH),
});

/** E-mail and its confirmation are compared as they will be stored: trimmed and lowercased. */
export function checkConfirmEmail(value: { email: string; confirmEmail: string }, ctx: z.RefinementCtx) {
  if (value.confirmEmail && value.email.toLowerCase() !== value.confirmEmail.trim().toLowerCase()) {
    ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: 'emailsDoNotMatch' });
  }
}

/** `PUT /v1/customer/{customerId}` and the profile form. */
export const createProfileSchema = (options: AgeRuleOptions = {}) =>
  z
    .object(personFields(options))
    .superRefine((value, ctx) => {
      checkConfirmEmail(value, ctx);
      checkPhone(value, ctx);
    });

export const ProfileSchema = createProfileSchema();
/** What the profile form holds (before trimming and normalising). */
export type ProfileFormValues = z.input<typeof ProfileSchema>;
/** What the API receives after parsing. */
export type ProfileInput = z.output<typeof ProfileSchema>;
