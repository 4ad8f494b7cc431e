import type { MailPreference, UnsubscribeState } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { UnsubscribeTokens } from '../mail/unsubscribe-tokens.js';
import type { CustomerRow, CustomersRepository } from './customers.repository.js';

/** The switch each kind of e-mail obeys, as stored on the member. */
const COLUMN = {
  offeringInvitations: 'mailOfferingInvitations',
  offeringReminders: 'mailOfferingReminders',
  news: 'mailNews',
} as const satisfies Record<MailPreference, keyof CustomerRow>;

/** 400 on the token: one answer for altered, expired, another tenant's or a gone member's link. */
const linkInvalid = () =>
  new ApiError('validationError', API_MESSAGES.unsubscribeLinkInvalid, [
    { field: 'token', code: 'unsubscribeLinkInvalid', message: API_MESSAGES.unsubscribeLinkInvalid },
  ]);

/** `ada@example.com` → `a•••@example.com`: enough for its owner to know it, little for anyone forwarded the mail. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * The unsubscribe link of a non-transactional e-mail (issue 15): without signing in, it shows and
 * changes one kind of one member's e-mail — nothing else, and never a session. Used by the page
 * (`/v1/unsubscribe/{token}`, with the tenant header) and by mail apps' one-click POST to the link
 * itself (RFC 8058), which sends no header: the tenant is then the member's own.
 */
export function createUnsubscribeService(deps: { repository: CustomersRepository; tokens: UnsubscribeTokens; now: () => Date }) {
  const { repository, tokens, now } = deps;

  async function claimed(token: string, tenantId: string | null) {
    const claim = tokens.read(token, now());
    if (!claim) throw linkInvalid();
    const row = await repository.findByIdInAnyTenant(claim.customerId);
    // The page names its producer in the header: another producer's link does not work there.
    if (!row || row.deactivatedAt || (tenantId !== null && row.tenantId !== tenantId)) throw linkInvalid();
    return { claim, row };
  }

  const view = (preference: MailPreference, row: CustomerRow): UnsubscribeState => ({
    preference,
    subscribed: row[COLUMN[preference]],
    maskedEmail: maskEmail(row.email),
  });

  return {
    async read(token: string, tenantId: string | null): Promise<UnsubscribeState> {
      const { claim, row } = await claimed(token, tenantId);
      return view(claim.preference, row);
    },

    /** Off (or on again); the same answer however often it is sent. */
    async set(token: string, tenantId: string | null, subscribed: boolean): Promise<UnsubscribeState> {
      const { claim, row } = await claimed(token, tenantId);
      if (row[COLUMN[claim.preference]] === subscribed) return view(claim.preference, row);
      const updated = await repository.updateMailPreferences(row.tenantId, row.id, { [COLUMN[claim.preference]]: subscribed }, now());
      if (!updated) throw linkInvalid();
      return view(claim.preference, updated);
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
