import { z } from 'zod';
import { addressFields, checkAddress } from './address.js';
import { optionalText, personName, PHONE_MAX_LENGTH } from './fields.js';
import { EmailSchema } from './login.js';
import { textInput } from './primitives.js';
import { optionalIsoDate, TIER_NAME_MAX_LENGTH } from './staff-members.js';

/*
 * Importing a winery's member list from its old platform (issue 14, item 2): a CSV file whose
 * columns are matched to ours by the names common exports use, or by an explicit mapping.
 */

/** Our fields, and the column names (compared lowercased, letters and digits only) that mean each. */
export const MEMBER_IMPORT_COLUMNS = {
  firstName: ['firstname', 'first', 'givenname', 'fname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'mobile', 'phonenumber', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'telephone', 'tel'],
  dateOfBirth: ['dateofbirth', 'birthday', 'dob', 'birthdate'],
  tier: ['tier', 'club', 'level', 'clubname', 'clublevel', 'membershiplevel', 'membership', 'tiername'],
  memberSince: ['membersince', 'joindate', 'signupdate', 'joined', 'datejoined', 'signedup', 'startdate'],
  address1: ['address1', 'address', 'street', 'streetaddress', 'addressline1', 'street1'],
  address2: ['address2', 'addressline2', 'street2', 'apt', 'suite', 'unit'],
  city: ['city', 'town', 'locality'],
  stateCode: ['state', 'statecode', 'province', 'region', 'stateprovince', 'county'],
  zipCode: ['zip', 'zipcode', 'postalcode', 'postcode', 'postal'],
  countryCode: ['country', 'countrycode'],
} as const;
export type MemberImportField = keyof typeof MEMBER_IMPORT_COLUMNS;
export const MEMBER_IMPORT_FIELDS = Object.keys(MEMBER_IMPORT_COLUMNS) as MemberImportField[];

/** How a column name is compared: "E-mail Address" and "email_address" are the same column. */
export const importColumnKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const flag = () => z.enum(['true', 'false'], { error: 'invalidType' });

/** `POST /v1/staff/members/import?dryRun=&sendInvitations=&mapping=` (the body is the CSV file). */
export const MemberImportQuerySchema = z.object({
  dryRun: flag().default('true'),
  sendInvitations: flag().default('false'),
  /** JSON object `{ ourField: theirColumn }`, for columns the common names do not find. */
  mapping: textInput().max(4_000, { error: 'tooLong' }).optional(),
});
export type MemberImportQuery = z.output<typeof MemberImportQuerySchema>;

const ADDRESS_KEYS = ['address1', 'address2', 'city', 'stateCode', 'zipCode', 'countryCode'] as const;

/** One line of the file once its columns are ours: a member, and an address when any address column is filled. */
export const MemberImportRowSchema = z
  .object({
    firstName: personName('firstNameRequired', 'invalidFirstName'),
    lastName: personName('lastNameRequired', 'invalidLastName'),
    email: EmailSchema,
    phone: optionalText(PHONE_MAX_LENGTH),
    dateOfBirth: optionalIsoDate('invalidBirthDate'),
    memberSince: optionalIsoDate(),
    tier: optionalText(TIER_NAME_MAX_LENGTH),
    address1: z.string().optional(),
    address2: z.string().optional(),
    city: z.string().optional(),
    stateCode: z.string().optional(),
    zipCode: z.string().optional(),
    countryCode: z.string().optional(),
  })
  .superRefine((row, ctx) => {
    if (!ADDRESS_KEYS.some((key) => row[key])) return;
    const address = z.object(addressFields).superRefine(checkAddress).safeParse(Object.fromEntries(ADDRESS_KEYS.map((key) => [key, row[key] ?? ''])));
    if (address.success) return;
    for (const issue of address.error.issues) {
      const params = (issue as { params?: Record<string, unknown> }).params;
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, ...(params ? { params } : {}) });
    }
  });
export type MemberImportRow = z.output<typeof MemberImportRowSchema>;

export const MemberImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
  /** E-mails given twice in the file (an error on the later line), or already a member's (skipped, not imported). */
  duplicates: z.array(z.object({ line: z.number().int(), email: z.string(), existing: z.boolean() })),
  /** Which column of the file each of our fields was read from. */
  columns: z.record(z.string(), z.string()),
  imported: z.number().int(),
  invited: z.number().int(),
});
export type MemberImportResult = z.infer<typeof MemberImportResultSchema>;
