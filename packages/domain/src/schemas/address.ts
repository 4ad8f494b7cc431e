import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { statesOf } from '../geo/regions.js';
import { MIN_TEXT_LENGTH as MIN_ADDRESS_LINE } from '../constants.js';
import { CountryCodeSchema, formatPhone, optionalText, PHONE_MAX_LENGTH, phoneProblem, requiredText } from './fields.js';
import { TenantSlugSchema } from './params.js';

export const ADDRESS_LINE_MAX_LENGTH = 100;
export const CITY_MAX_LENGTH = 60;
export const STATE_MAX_LENGTH = 60;
export const ZIP_MAX_LENGTH = 12;
/** Room for a person, or a person at a company ("Sam Carter, Carter & Wells"). */
export const RECIPIENT_NAME_MAX_LENGTH = 100;

/**
 * Whether a postal code is valid for a country. Formats come from postcode-validator; countries it
 * does not know accept any short code of letters, digits, spaces and dashes.
 */
export function isPostalCodeValid(zipCode: string, countryCode: string): boolean {
  if (postcodeValidatorExistsForCountry(countryCode)) return postcodeValidator(zipCode, countryCode);
  return /^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/.test(zipCode);
}

/** The fields of a postal address (seed §3), shared by saved addresses and the join form. */
export const addressFields = {
  address1: requiredText('address1Required', ADDRESS_LINE_MAX_LENGTH).refine(
    (value) => value === '' || value.length >= MIN_ADDRESS_LINE,
    { error: 'tooShort', params: { limit: MIN_ADDRESS_LINE } },
  ),
  address2: optionalText(ADDRESS_LINE_MAX_LENGTH),
  city: requiredText('cityRequired', CITY_MAX_LENGTH),
  stateCode: optionalText(STATE_MAX_LENGTH),
  zipCode: requiredText('zipRequired', ZIP_MAX_LENGTH),
  countryCode: CountryCodeSchema,
};

/** The rules that need several fields: a state from the country's list, a postal code of its format. */
export function checkAddress(
  value: { countryCode: string; stateCode?: string | undefined; zipCode: string },
  ctx: z.RefinementCtx,
) {
  const states = statesOf(value.countryCode);
  if (states) {
    if (!value.stateCode) ctx.addIssue({ code: 'custom', path: ['stateCode'], message: 'stateRequired' });
    else if (!(value.stateCode.toUpperCase() in states)) {
      ctx.addIssue({ code: 'custom', path: ['stateCode'], message: 'stateInvalid' });
    }
  }
  if (value.zipCode && !isPostalCodeValid(value.zipCode, value.countryCode)) {
    ctx.addIssue({ code: 'custom', path: ['zipCode'], message: 'zipInvalid' });
  }
}

/** Members type "ca" or "Ca"; the list's codes are upper case. */
export const normaliseStateCode = <T extends { countryCode: string; stateCode?: string | undefined }>(value: T): T =>
  statesOf(value.countryCode) && value.stateCode ? { ...value, stateCode: value.stateCode.toUpperCase() } : value;

/**
 * The country whose rules a saved address's phone follows: the address's own country for a
 * national number ("707 555 0142"), the number's own country for an international one
 * ("+44 20 7946 0958"), so a recipient abroad can give the mobile they carry.
 */
export function addressPhoneCountry(phone: string, countryCode: string): string {
  if (!phone.trim().startsWith('+')) return countryCode;
  return parsePhoneNumberFromString(phone)?.country ?? countryCode;
}

/**
 * An address's optional phone, by the house's rules (`phoneProblem`): 'Phone number must have
 * exactly 10 digits' in North America, else 'Please enter a valid phone number for the country code'.
 */
export function checkAddressPhone(value: { phone?: string | undefined; countryCode: string }, ctx: z.RefinementCtx) {
  if (!value.phone) return;
  const problem = phoneProblem(value.phone, addressPhoneCountry(value.phone, value.countryCode));
  if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
}

/** A valid phone is kept in its international form ("+1 707 555 0142"), whatever way it was typed. */
const normalisePhone = <T extends { phone?: string | undefined; countryCode: string }>(value: T): T =>
  value.phone ? { ...value, phone: formatPhone(value.phone, addressPhoneCountry(value.phone, value.countryCode)) } : value;

/**
 * Address fields of seed §3, as a form or the API receives them, with who receives there when it
 * is not the member (a gift, an office) and a phone for the carrier (issue 15), both optional.
 */
export const AddressInputSchema = z
  .object({
    ...addressFields,
    recipientName: optionalText(RECIPIENT_NAME_MAX_LENGTH),
    phone: optionalText(PHONE_MAX_LENGTH),
    isDefaultShipping: z.boolean({ error: 'invalidType' }).default(false),
    isDefaultBilling: z.boolean({ error: 'invalidType' }).default(false),
  })
  .superRefine((value, ctx) => {
    checkAddress(value, ctx);
    checkAddressPhone(value, ctx);
  })
  .transform((value) => normalisePhone(normaliseStateCode(value)));
export type AddressFormValues = z.input<typeof AddressInputSchema>;
export type AddressInput = z.output<typeof AddressInputSchema>;

/** A saved address as the API answers it. */
export const AddressSchema = z.object({
  id: z.uuid(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  stateCode: z.string().nullable(),
  zipCode: z.string(),
  countryCode: z.string(),
  recipientName: z.string().nullable(),
  phone: z.string().nullable(),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
  createdAt: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressListSchema = z.array(AddressSchema);

export const ADDRESS_PURPOSES = ['shipping', 'billing'] as const;
export type AddressPurpose = (typeof ADDRESS_PURPOSES)[number];

/** Choosing a saved address as the default shipping or billing address (seed §4). */
export const ChooseAddressSchema = z.object({
  purpose: z.enum(ADDRESS_PURPOSES, { error: 'invalidType' }),
});
export type ChooseAddressInput = z.infer<typeof ChooseAddressSchema>;

export const AddressParamsSchema = z.object({
  tenant: TenantSlugSchema,
  customerId: z.uuid({ error: 'invalidId' }),
  addressId: z.uuid({ error: 'invalidId' }),
});
