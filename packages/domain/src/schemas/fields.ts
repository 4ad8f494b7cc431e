import type { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isCountryCode, TEN_DIGIT_PHONE_COUNTRIES } from '../geo/regions.js';
import { DEFAULT_MINIMUM_AGE } from '../constants.js';
import { textInput } from './primitives.js';

/**
 * Field rules shared by every form that asks for them (profile, joining, addresses, cards).
 * Messages are keys of the `validation` namespace; placeholders travel as issue params.
 */

export const NAME_MAX_LENGTH = 50;
export const COMPANY_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 32;

/** What a form's text may hold besides its length; see `textInput`. */
export interface TextFieldOptions {
  multiline?: boolean;
}

/** A trimmed text that may be left empty: '' and missing both mean "not given". */
export const optionalText = (max: number, { multiline = false }: TextFieldOptions = {}) =>
  textInput({ multiline })
    .max(max, { error: 'tooLong' })
    .optional()
    .transform((value) => (value ? value : undefined));

/** A trimmed required text with its own "please enter …" message when empty. */
export const requiredText = (emptyKey: string, max: number, { multiline = false }: TextFieldOptions = {}) =>
  textInput({ error: emptyKey, multiline }).min(1, { error: emptyKey }).max(max, { error: 'tooLong' });

// Letters of any script, with the marks, spaces, apostrophes, dots and hyphens names carry.
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .\u2019-]*$/u;

export const personName = (emptyKey: 'firstNameRequired' | 'lastNameRequired', invalidKey: 'invalidFirstName' | 'invalidLastName') =>
  requiredText(emptyKey, NAME_MAX_LENGTH).refine((value) => value === '' || NAME_PATTERN.test(value), {
    error: invalidKey,
  });

export const PREFIXES = ['Mr.', 'Ms.', 'Mrs.', 'Mx.', 'Dr.'] as const;

/** Prefix is optional; when given it is one of the usual forms of address. */
export const PrefixSchema = textInput()
  .refine((value) => value === '' || (PREFIXES as readonly string[]).includes(value), { error: 'invalidPrefix' })
  .optional()
  .transform((value) => (value ? (value as (typeof PREFIXES)[number]) : undefined));

export const CountryCodeSchema = textInput({ error: 'countryRequired' })
  .min(1, { error: 'countryRequired' })
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, { error: 'countryRequired' });

/**
 * Why a phone number is refused for a country, or null when it is fine. In North America (and
 * Mexico) people type national numbers; ten digits is the first thing to check there.
 */
export function phoneProblem(phone: string, countryCode: string): 'phoneTenDigits' | 'phoneInvalid' | null {
  if (!isCountryCode(countryCode)) return 'phoneInvalid';
  const parsed = parsePhoneNumberFromString(phone, countryCode);
  if (TEN_DIGIT_PHONE_COUNTRIES.has(countryCode)) {
    const international = phone.trim().startsWith('+');
    const digits = parsed?.nationalNumber ?? phone.replace(/\D/g, '');
    if (!international && digits.length !== 10) return 'phoneTenDigits';
    if (international && parsed?.country === countryCode && digits.length !== 10) return 'phoneTenDigits';
  }
  if (!parsed || !parsed.isValid() || parsed.country !== countryCode) return 'phoneInvalid';
  return null;
}

/** The stored form of a valid phone number: international, spaced ("+1 707 555 0100"). */
export function formatPhone(phone: string, countryCode: string): string {
  const parsed = isCountryCode(countryCode) ? parsePhoneNumberFromString(phone, countryCode) : undefined;
  return parsed ? parsed.formatInternational() : phone.trim();
}

/** The country a stored international number belongs to, for pre-filling a form. */
export function phoneCountryOf(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  return parsePhoneNumberFromString(phone)?.country;
}

/** Adds the phone rules to an object schema that has `phone` and `phoneCountry`. */
export function checkPhone(value: { phone: string; phoneCountry: string }, ctx: z.RefinementCtx) {
  if (!value.phone) return;
  const problem = phoneProblem(value.phone, value.phoneCountry);
  if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
}

export const PhoneFields = {
  phoneCountry: textInput({ error: 'countryRequired' })
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode, { error: 'countryRequired' }),
  phone: requiredText('phoneRequired', PHONE_MAX_LENGTH),
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date "YYYY-MM-DD", or null (31 February is not). */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between a birth date and `today` (both calendar dates, UTC). */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date): number {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  let age = y - birth.year;
  if (m < birth.month || (m === birth.month && d < birth.day)) age -= 1;
  return age;
}

export interface AgeRuleOptions {
  /** Minimum age in whole years (seed §9: 21, configurable). */
  minimumAge?: number;
  /** The clock; tests pin it. */
  now?: () => Date;
}

/** Date of birth "YYYY-MM-DD": a real date, not in the future, and old enough to buy wine. */
export const dateOfBirthSchema = ({ minimumAge = DEFAULT_MINIMUM_AGE, now = () => new Date() }: AgeRuleOptions = {}) =>
  textInput({ error: 'required' })
    .min(1, { error: 'required' })
    .superRefine((value, ctx) => {
      if (value === '') return;
      const birth = parseIsoDate(value);
      const today = now();
      if (!birth || birth.year < 1900 || Date.UTC(birth.year, birth.month - 1, birth.day) > today.getTime()) {
        ctx.addIssue({ code: 'custom', message: 'invalidBirthDate' });
        return;
      }
      if (ageOn(birth, today) < minimumAge) {
        ctx.addIssue({ code: 'custom', message: 'minimumAge', params: { age: minimumAge } });
      }
    });
