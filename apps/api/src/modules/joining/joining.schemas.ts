import { z } from 'zod';
import { REQUEST_KINDS, REQUEST_STATUSES } from '../../db/schema/index.js';

/*
 * Answers of the joining routes and the staff list's filters. The request bodies are the
 * domain's createJoinAllocationSchema and createFoundersListSchema, shared with the forms.
 */

export const JoinRequestCreatedSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REQUEST_KINDS),
});

export const JoinRequestAddressSchema = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  stateCode: z.string().nullable(),
  zipCode: z.string(),
  countryCode: z.string(),
});

/** A prospect's request as staff see it. */
export const JoinRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REQUEST_KINDS),
  status: z.enum(REQUEST_STATUSES),
  prefix: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().describe('International form, e.g. +1 707 555 0100'),
  dateOfBirth: z.string().describe('ISO date, YYYY-MM-DD'),
  company: z.string().nullable(),
  address: JoinRequestAddressSchema,
  idealAllocation: z.string().nullable().describe("Founder's List only"),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type JoinRequest = z.infer<typeof JoinRequestSchema>;
export const JoinRequestListSchema = z.array(JoinRequestSchema);

/** `?kind=&status=` from a form with "any" chosen: an empty value means no filter. */
const anyOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values, { error: 'invalidType' }), z.literal('')])
    .optional()
    .transform((value) => (value ? (value as T[number]) : undefined));

export const JoinRequestListQuerySchema = z.object({
  kind: anyOr(REQUEST_KINDS),
  status: anyOr(REQUEST_STATUSES),
});

export const JoinRequestParamsSchema = z.object({ requestId: z.uuid({ error: 'invalidId' }) });

export const JoinRequestApprovedSchema = z.object({
  request: JoinRequestSchema,
  customerId: z.uuid().describe('The new member'),
  passwordLinkExpiresAt: z.string().describe('When the e-mailed create-password link stops working (72 hours)'),
});
