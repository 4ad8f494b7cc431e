import { z } from 'zod';
import { textInput } from '@winery/domain';

/*
 * Request and answer shapes of the e-mailed-link routes that the domain package does not define
 * (it has EmailOnlySchema and SetPasswordSchema). The web app's pages call these routes.
 */

/** A link token as it arrives from the URL; anything malformed is simply a link that does not work. */
export const LinkTokenSchema = textInput({ error: 'linkInvalid', trim: false })
  .min(16, { error: 'linkInvalid' })
  .max(256, { error: 'linkInvalid' });

/** The links that sign a member in; reset and create password links have their own confirm routes. */
export const EXCHANGE_PURPOSES = ['login', 'account', 'allocation'] as const;

export const LinkExchangeSchema = z.object({
  token: LinkTokenSchema,
  purpose: z.enum(EXCHANGE_PURPOSES, { error: 'invalidType' }),
});
export type LinkExchangeInput = z.infer<typeof LinkExchangeSchema>;

export const LinkExchangeResponseSchema = z.object({
  token: z.string().describe('A member token, the same as POST /v1/customer/login answers (90 days)'),
  customerId: z.uuid(),
  allocationId: z.uuid().optional().describe('Allocation links: the allocation whose offering to open'),
});

export const SignInRequestCreatedSchema = z.object({
  requestId: z.uuid().describe('For /magic-link/{requestId}: the page names a request, never an address'),
});

export const SignInRequestParamsSchema = z.object({ requestId: z.uuid({ error: 'invalidId' }) });

export const SignInRequestSchema = z.object({
  createdAt: z.string().describe('ISO 8601 instant'),
  canResendAt: z.string().describe('ISO 8601 instant: "resend" is refused (429) before it'),
  resendableUntil: z.string().describe('ISO 8601 instant: after it the request is too old to resend; ask again'),
});

export const StaffMemberParamsSchema = z.object({ customerId: z.uuid({ error: 'invalidId' }) });

export const LinkSentSchema = z.object({
  customerId: z.uuid(),
  expiresAt: z.string().describe('ISO 8601 instant the e-mailed link stops working'),
});
