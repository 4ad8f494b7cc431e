import { z } from 'zod';
import { CommunicationPreferencesSchema } from './profile.js';
import { addressFields, checkAddress, normaliseStateCode } from './address.js';
import { optionalText, parseIsoDate, personName, PHONE_MAX_LENGTH, PrefixSchema, COMPANY_MAX_LENGTH } from './fields.js';
import { EmailSchema } from './login.js';
import { pageOf, PageQuerySchema } from './pagination.js';
import { idInput } from './params.js';
import { integerInput, textInput } from './primitives.js';
import { MemberSearchSchema } from './staff-allocations.js';

const booleanQuery = () => z.enum(['true', 'false'], { error: 'invalidType' }).optional();

/**
 * `GET /v1/staff/members?q=&tierId=&countryCode=&stateCode=&active=&orderedInLastOffering=&offeringId=`:
 * the members list and the "add a member" pickers. `q` searches names, e-mail and phone.
 */
export const MemberListQuerySchema = PageQuerySchema.extend({
  q: MemberSearchSchema,
  tierId: idInput().optional(),
  /** The offering `allocated` refers to; without it, `allocated` is false throughout. */
  offeringId: idInput().optional(),
  /** Members with a saved address in this country (and state). */
  countryCode: textInput().max(2, { error: 'countryRequired' }).optional(),
  stateCode: textInput().max(60, { error: 'tooLong' }).optional(),
  active: booleanQuery(),
  /** Ordered (or not) in the latest published offering that has started. */
  orderedInLastOffering: booleanQuery(),
});
export type MemberListQuery = z.output<typeof MemberListQuerySchema>;

export const StaffMemberListItemSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tierId: z.uuid().nullable(),
  tierName: z.string().nullable(),
  /** Whether the member has an allocation in the offering named by `offeringId`. */
  allocated: z.boolean(),
  phone: z.string().nullable(),
  memberSince: z.string().nullable(),
  /** False once staff deactivated the member: no sign-in, no invitation. */
  active: z.boolean(),
});
export type StaffMemberListItem = z.infer<typeof StaffMemberListItemSchema>;
export const StaffMemberPageSchema = pageOf(StaffMemberListItemSchema);

export const TierSchema = z.object({ id: z.uuid(), name: z.string(), rank: z.number().int() });
export type Tier = z.infer<typeof TierSchema>;
export const TierListSchema = z.array(TierSchema);

/** A calendar date "YYYY-MM-DD" that may be left empty (member since, date of birth as staff enter it). */
export const optionalIsoDate = (error: 'invalidDate' | 'invalidBirthDate' = 'invalidDate') =>
  textInput({ error })
    .refine((value) => value === '' || (parseIsoDate(value) !== null && value >= '1900-01-01'), { error })
    .optional()
    .transform((value) => (value ? value : undefined));

export const TIER_NAME_MAX_LENGTH = 50;

/** `POST /v1/staff/members` and `PUT /v1/staff/members/{customerId}`: what staff enter for a member. */
export const StaffMemberInputSchema = z.object({
  prefix: PrefixSchema,
  firstName: personName('firstNameRequired', 'invalidFirstName'),
  lastName: personName('lastNameRequired', 'invalidLastName'),
  email: EmailSchema,
  phone: optionalText(PHONE_MAX_LENGTH),
  dateOfBirth: optionalIsoDate('invalidBirthDate'),
  company: optionalText(COMPANY_MAX_LENGTH),
  tierId: idInput().nullable().optional(),
  memberSince: optionalIsoDate(),
});
export type StaffMemberInput = z.output<typeof StaffMemberInputSchema>;

/** `POST /v1/staff/members`: the same, and optionally their address (saved as the default for shipping and billing). */
export const StaffMemberCreateSchema = StaffMemberInputSchema.extend({
  address: z.object(addressFields).superRefine(checkAddress).transform(normaliseStateCode).optional(),
});
export type StaffMemberCreateInput = z.output<typeof StaffMemberCreateSchema>;

export const MemberParamsSchema = z.object({ customerId: idInput() });

/** A member as the console's member page shows them. */
export const StaffMemberDetailSchema = z.object({
  id: z.uuid(),
  prefix: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  company: z.string().nullable(),
  tierId: z.uuid().nullable(),
  tierName: z.string().nullable(),
  memberSince: z.string().nullable(),
  active: z.boolean(),
  deactivatedAt: z.string().nullable(),
  hasPassword: z.boolean(),
  /** The e-mails beyond the transactional ones the member chose in their account (read-only here). */
  mailPreferences: CommunicationPreferencesSchema,
  createdAt: z.string(),
  lastActivityDate: z.string().nullable(),
  addresses: z.array(
    z.object({
      id: z.uuid(),
      address1: z.string(),
      address2: z.string().nullable(),
      city: z.string(),
      stateCode: z.string().nullable(),
      zipCode: z.string(),
      countryCode: z.string(),
      isDefaultShipping: z.boolean(),
      isDefaultBilling: z.boolean(),
    }),
  ),
  /** Per offering: the bottles offered (sum of maxima) and taken (ordered, not cancelled). */
  allocations: z.array(
    z.object({
      allocationId: z.uuid(),
      offeringId: z.uuid(),
      offeringName: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      bottlesOffered: z.number().int(),
      bottlesTaken: z.number().int(),
      ordered: z.boolean(),
    }),
  ),
  wishes: z.array(
    z.object({
      id: z.uuid(),
      offeringName: z.string(),
      wineName: z.string(),
      vintage: z.number().int(),
      quantity: z.number().int(),
      status: z.string(),
      grantedQuantity: z.number().int().nullable(),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      placedAt: z.string(),
      totalCents: z.number().int(),
      status: z.string(),
      fulfilmentStatus: z.string(),
      offeringName: z.string().nullable(),
    }),
  ),
  /** E-mailed links: what for, when sent, until when, when used. Never the token. */
  links: z.array(z.object({ purpose: z.string(), createdAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable() })),
});
export type StaffMemberDetail = z.infer<typeof StaffMemberDetailSchema>;

/** `POST /v1/staff/tiers`, `PUT /v1/staff/tiers/{tierId}`. Rank 1 is the most senior. */
export const TierInputSchema = z.object({
  name: textInput({ error: 'nameRequired' }).min(1, { error: 'nameRequired' }).max(TIER_NAME_MAX_LENGTH, { error: 'tooLong' }),
  rank: integerInput({ min: 1, max: 1000 }),
});
export type TierInput = z.infer<typeof TierInputSchema>;
export const TierParamsSchema = z.object({ tierId: idInput() });

/** `POST /v1/staff/members/tier`: move members into a tier (or out of any, with null). */
export const MemberTierMoveSchema = z.object({
  customerIds: z.array(idInput(), { error: 'invalidType' }).min(1, { error: 'required' }).max(20_000, { error: 'tooLong' }),
  tierId: idInput().nullable(),
});
export type MemberTierMoveInput = z.infer<typeof MemberTierMoveSchema>;
export const MemberTierMovedSchema = z.object({ updated: z.number().int() });
