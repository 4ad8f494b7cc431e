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

/** The account's page of e-mail choices (issue 15). */
export const COMMUNICATION_PATH = '/profile/communication';
/** Where an e-mailed unsubscribe link opens: `/unsubscribe/{token}` (the page, and RFC 8058's one-click POST). */
export const UNSUBSCRIBE_PATH = '/unsubscribe/';

/**
 * The kinds of e-mail a member may turn off (issue 15): invitations to an offering, reminders
 * before it closes, and the winery's news between offerings. Orders, sign-in and password e-mails
 * are transactional and always go.
 */
export const MAIL_PREFERENCES = ['offeringInvitations', 'offeringReminders', 'news'] as const;
export type MailPreference = (typeof MAIL_PREFERENCES)[number];

/** `GET`/`PUT /v1/{tenant}/customer/{customerId}/communication` and the account's switches. */
export const CommunicationPreferencesSchema = z.object({
  offeringInvitations: z.boolean({ error: 'invalidType' }).describe('Invitations to each new offering, with the personal allocation link'),
  offeringReminders: z.boolean({ error: 'invalidType' }).describe('A reminder before an offering closes, when nothing is ordered yet'),
  news: z.boolean({ error: 'invalidType' }).describe("The winery's letters between offerings"),
});
export type CommunicationPreferences = z.infer<typeof CommunicationPreferencesSchema>;

/**
 * `GET /v1/unsubscribe/{token}` and `PUT …` answers: the one kind of e-mail the link is for,
 * whether it still goes, and to which address (partly hidden: the link may have been forwarded).
 */
export const UnsubscribeStateSchema = z.object({
  preference: z.enum(MAIL_PREFERENCES),
  subscribed: z.boolean(),
  maskedEmail: z.string().describe('e.g. a•••@example.com'),
});
export type UnsubscribeState = z.infer<typeof UnsubscribeStateSchema>;

/** `PUT /v1/unsubscribe/{token}`: off (the link's purpose), or on again (undo on the same page). */
export const UnsubscribeInputSchema = z.object({ subscribed: z.boolean({ error: 'invalidType' }) });
export type UnsubscribeInput = z.infer<typeof UnsubscribeInputSchema>;
