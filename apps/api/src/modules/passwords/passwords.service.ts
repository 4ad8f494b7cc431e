import { HOUR_MS, MINUTE_MS, renderValidationMessage, type SetPasswordInput } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { isCommonPassword } from '../auth/common-passwords.js';
import { hashPassword } from '../auth/password.service.js';
import type { SessionStore } from '../auth/session-store.js';
import type { CustomersRepository } from '../customers/customers.repository.js';
import { hashLinkToken, LINK_LIFETIME_MS, linkUrl } from '../links/link-tokens.js';
import { consumeLinkToken, issueLinkToken, retireLinkTokens } from '../links/links.repository.js';
import { linkInvalid } from '../links/links.service.js';
import type { RequestLimiter } from '../links/request-limits.js';
import { uniformAnswer } from '../links/uniform-answer.js';
import type { MailService } from '../mail/mail.service.js';
import type { PasswordsRepository } from './passwords.repository.js';

/** The two links that set a password: forgotten (reset) and first (create, for members staff invite). */
export type PasswordLinkPurpose = 'reset-password' | 'create-password';

export interface PasswordsDependencies {
  repository: PasswordsRepository;
  customers: CustomersRepository;
  mail: MailService;
  /** Members' sessions: a used link signs its member in like a password does. */
  sessions: SessionStore;
  limiter: RequestLimiter;
  /** Reset requests answer no sooner than this (ms), member or not. */
  uniformAnswerMs: number;
  now: () => Date;
}

export function createPasswordsService(deps: PasswordsDependencies) {
  const { repository, customers, mail, sessions, limiter, now } = deps;

  return {
    /**
     * Always the same 202 and about the same time, member or not. A member gets a reset link
     * (30 minutes); any earlier unused reset link of theirs stops working.
     */
    async requestReset(tenantId: string, rawEmail: string, ip: string): Promise<{ message: string }> {
      const answer = uniformAnswer(deps.uniformAnswerMs);
      const email = rawEmail.toLowerCase();
      const at = now();
      const { mayMail } = await limiter.take('passwordReset', tenantId, email, ip, at);
      // Past the address's cap: the same answer, no new link, and the last one sent still works.
      const customer = mayMail ? await repository.findCustomerByEmail(tenantId, email) : undefined;
      if (customer && !customer.deactivatedAt) {
        await repository.transaction(async (_q, tx) => {
          await retireLinkTokens(tx, { tenantId, customerId: customer.id, purposes: ['reset-password'], at });
          const token = await issueLinkToken(tx, {
            tenantId,
            customerId: customer.id,
            purpose: 'reset-password',
            createdAt: at,
            expiresAt: new Date(at.getTime() + LINK_LIFETIME_MS['reset-password']),
          });
          await mail.enqueue(
            {
              tenantId,
              to: customer.email,
              template: {
                kind: 'reset-password',
                firstName: customer.firstName,
                url: linkUrl('reset-password', token),
                expiresInMinutes: LINK_LIFETIME_MS['reset-password'] / MINUTE_MS,
              },
            },
            tx,
          );
        });
      }
      await answer();
      return { message: API_MESSAGES.passwordResetSent };
    },

    /**
     * Sets the password from a reset or create link and signs the member in. The link is checked
     * first (a dead link says so before any password rule), then the password, then the link is
     * used up in the transaction that stores the hash, ends every session and starts this one.
     */
    async confirm(tenantId: string, purpose: PasswordLinkPurpose, input: SetPasswordInput, ip: string) {
      const at = now();
      // Counted before the link is looked at; a link that works gives its unit back.
      await limiter.takeLinkTry(ip, at);
      const tokenHash = hashLinkToken(input.token);
      if (!(await repository.findUsableLink({ tenantId, tokenHash, purpose, at }))) throw linkInvalid();
      await limiter.linkWorked(ip, at);
      if (isCommonPassword(input.password)) {
        throw new ApiError('validationError', API_MESSAGES.validation, [
          { field: 'password', code: 'passwordTooCommon', message: renderValidationMessage('passwordTooCommon') },
        ]);
      }
      // Hashing takes a moment and much memory: done before the transaction, not inside it.
      const passwordHash = await hashPassword(input.password);

      const result = await repository.transaction(async (q, tx) => {
        const link = await consumeLinkToken(tx, { tenantId, tokenHash, purpose, at });
        if (!link) return undefined;
        const customer = await q.findCustomer(tenantId, link.customerId);
        if (!customer || customer.deactivatedAt) return undefined;
        await q.setPasswordAndRevokeSessions(tenantId, customer.id, passwordHash, at);
        // The password is set: any other reset or create link still in a mailbox is now pointless.
        await retireLinkTokens(tx, { tenantId, customerId: customer.id, purposes: ['reset-password', 'create-password'], at });
        const token = await sessions.start({ tenantId, subjectId: customer.id, email: customer.email, at }, tx);
        await mail.enqueue({ tenantId, to: customer.email, template: { kind: 'password-changed', firstName: customer.firstName } }, tx);
        return { token, customer };
      });
      // Another request used the same link a moment ago.
      if (!result) throw linkInvalid();
      const { token, customer } = result;
      await customers.recordSignIn(tenantId, customer.id, { at: at.toISOString(), ip }, customer.loginActivity);
      return { token, customerId: customer.id };
    },

    /**
     * Staff: e-mails a member a link to create their password (72 hours). Earlier unused create
     * links stop working, so only the newest invitation does.
     */
    async invite(tenantId: string, customerId: string, staff: AuditActor['staff'] = null) {
      const at = now();
      const expiresAt = new Date(at.getTime() + LINK_LIFETIME_MS['create-password']);
      await repository.transaction(async (q, tx) => {
        const customer = await q.findCustomer(tenantId, customerId);
        if (!customer) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
        if (customer.deactivatedAt) throw new ApiError('conflict', API_MESSAGES.memberDeactivated);
        await sendCreatePasswordLink(tx, mail, { tenantId, customer, at, expiresAt });
        await recordAudit(tx, { tenantId, staff }, { action: 'member.invite', entityType: 'member', entityId: customerId, after: { purpose: 'create-password', expiresAt } });
      });
      return { customerId, expiresAt: expiresAt.toISOString() };
    },
  };
}

/**
 * Issues a create-password link and queues its e-mail in the caller's transaction: staff's
 * invitation, and a prospect's approved request to join (modules/joining).
 */
export async function sendCreatePasswordLink(
  tx: Database,
  mail: MailService,
  input: { tenantId: string; customer: { id: string; email: string; firstName: string }; at: Date; expiresAt?: Date },
): Promise<Date> {
  const { tenantId, customer, at } = input;
  const expiresAt = input.expiresAt ?? new Date(at.getTime() + LINK_LIFETIME_MS['create-password']);
  await retireLinkTokens(tx, { tenantId, customerId: customer.id, purposes: ['create-password'], at });
  const token = await issueLinkToken(tx, { tenantId, customerId: customer.id, purpose: 'create-password', createdAt: at, expiresAt });
  await mail.enqueue(
    {
      tenantId,
      to: customer.email,
      template: {
        kind: 'create-password',
        firstName: customer.firstName,
        url: linkUrl('create-password', token),
        expiresInHours: Math.round((expiresAt.getTime() - at.getTime()) / HOUR_MS),
      },
    },
    tx,
  );
  return expiresAt;
}

export type PasswordsService = ReturnType<typeof createPasswordsService>;
