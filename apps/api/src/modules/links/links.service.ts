import { HOUR_MS, MINUTE_MS } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import type { SessionStore } from '../auth/session-store.js';
import type { CustomerRow, CustomersRepository } from '../customers/customers.repository.js';
import type { MailService } from '../mail/mail.service.js';
import { hashLinkToken, LINK_LIFETIME_MS, linkUrl } from './link-tokens.js';
import { consumeLinkToken, issueLinkToken, retireLinkTokens, type LinksRepository } from './links.repository.js';
import type { LinkExchangeInput } from './links.schemas.js';
import { retryAfterHeader, type RequestLimiter } from './request-limits.js';
import { uniformAnswer } from './uniform-answer.js';

/** A /magic-link/{id} page older than this cannot resend; the member asks again from /login. */
export const SIGN_IN_REQUEST_RESENDABLE_MS = HOUR_MS;

/** 400 on the token field: what every link that does not work answers (seed §8). */
export const linkInvalid = () =>
  new ApiError('validationError', API_MESSAGES.linkInvalid, [
    { field: 'token', code: 'linkInvalid', message: API_MESSAGES.linkInvalid },
  ]);

const allocationLinkExpired = () =>
  new ApiError('validationError', API_MESSAGES.allocationLinkExpired, [
    { field: 'token', code: 'allocationLinkExpired', message: API_MESSAGES.allocationLinkExpired },
  ]);

export interface LinksDependencies {
  repository: LinksRepository;
  customers: CustomersRepository;
  mail: MailService;
  /** Members' sessions: a used link signs its member in like a password does. */
  sessions: SessionStore;
  limiter: RequestLimiter;
  /** Sign-in link requests answer no sooner than this (ms), member or not. */
  uniformAnswerMs: number;
  now: () => Date;
}

export function createLinksService(deps: LinksDependencies) {
  const { repository, customers, mail, sessions, limiter, now } = deps;
  const lifetimeMinutes = LINK_LIFETIME_MS.login / MINUTE_MS;

  /** Issues a sign-in link for one request and queues its e-mail, in the caller's transaction. */
  async function sendSignInLink(tx: Database, customer: CustomerRow, requestId: string, at: Date) {
    const token = await issueLinkToken(tx, {
      tenantId: customer.tenantId,
      customerId: customer.id,
      purpose: 'login',
      requestId,
      createdAt: at,
      expiresAt: new Date(at.getTime() + LINK_LIFETIME_MS.login),
    });
    await mail.enqueue(
      {
        tenantId: customer.tenantId,
        to: customer.email,
        template: { kind: 'sign-in-link', firstName: customer.firstName, url: linkUrl('login', token), expiresInMinutes: lifetimeMinutes },
      },
      tx,
    );
  }

  const requestView = (request: { createdAt: Date; lastSentAt: Date | null }) => ({
    createdAt: request.createdAt.toISOString(),
    canResendAt: new Date((request.lastSentAt ?? request.createdAt).getTime() + limiter.limits.resendCooldownMs).toISOString(),
    resendableUntil: new Date(request.createdAt.getTime() + SIGN_IN_REQUEST_RESENDABLE_MS).toISOString(),
  });

  async function findRequest(tenantId: string, requestId: string) {
    const request = await repository.findSignInRequest(tenantId, requestId);
    if (!request) throw new ApiError('notFound', API_MESSAGES.signInRequestNotFound);
    return request;
  }

  return {
    /**
     * Always a new request and the same answer, member or not: the address is looked up, but
     * neither the answer, its timing nor the /magic-link page says whether it belongs to anyone.
     */
    async requestSignInLink(tenantId: string, rawEmail: string, ip: string): Promise<{ requestId: string }> {
      const answer = uniformAnswer(deps.uniformAnswerMs);
      const email = rawEmail.toLowerCase();
      const at = now();
      const { mayMail } = await limiter.take('signInLink', tenantId, email, ip, at);
      const found = await repository.findCustomerByEmail(tenantId, email);
      // Past the address's cap, nobody is mailed and the answer is the same (ADR 012): the links
      // already sent keep working, and the owner is not told to wait because of a stranger.
      const customer = mayMail && !found?.deactivatedAt ? found : undefined;
      const request = await repository.transaction(async (q, tx) => {
        const created = await q.createSignInRequest({
          tenantId,
          email,
          customerId: found?.id ?? null,
          sends: customer ? 1 : 0,
          createdAt: at,
          // Set for everyone, so "resend" opens at the same moment whether or not mail was sent.
          lastSentAt: at,
        });
        if (customer) await sendSignInLink(tx, customer, created.id, at);
        return created;
      });
      await answer();
      return { requestId: request.id };
    },

    async getSignInRequest(tenantId: string, requestId: string) {
      return requestView(await findRequest(tenantId, requestId));
    },

    /** A fresh link for the same request; the previous one stops working (none is sent past the address's cap). */
    async resendSignInLink(tenantId: string, requestId: string, ip: string) {
      const answer = uniformAnswer(deps.uniformAnswerMs);
      const at = now();
      const request = await findRequest(tenantId, requestId);
      if (at.getTime() - request.createdAt.getTime() > SIGN_IN_REQUEST_RESENDABLE_MS) {
        throw new ApiError('validationError', API_MESSAGES.signInRequestExpired);
      }
      const tooSoon = () => {
        const until = new Date((request.lastSentAt ?? request.createdAt).getTime() + limiter.limits.resendCooldownMs);
        return new ApiError('rateLimited', API_MESSAGES.resendTooSoon, undefined, retryAfterHeader(until, at));
      };
      if (request.lastSentAt && at.getTime() - request.lastSentAt.getTime() < limiter.limits.resendCooldownMs) throw tooSoon();
      const { mayMail } = await limiter.take('signInLink', tenantId, request.email, ip, at);

      const updated = await repository.transaction(async (q, tx) => {
        // Past the address's cap the earlier link is kept and no new one is sent.
        const customer = request.customerId && mayMail ? await q.findCustomer(tenantId, request.customerId) : undefined;
        const claimed = await q.claimResend({
          tenantId,
          id: request.id,
          at,
          cooldownMs: limiter.limits.resendCooldownMs,
          sent: customer !== undefined,
        });
        if (!claimed) return undefined;
        if (customer) {
          await retireLinkTokens(tx, { tenantId, customerId: customer.id, purposes: ['login'], requestId: request.id, at });
          await sendSignInLink(tx, customer, request.id, at);
        }
        return claimed;
      });
      // Another click got there first.
      if (!updated) throw tooSoon();
      await answer();
      return requestView(updated);
    },

    /**
     * Trades a sign-in, account or allocation link for a member session, using the link up in
     * the same transaction that starts the session. A link that does not work counts against
     * the IP's budget of bad links (guessing); an allocation link past its offering's grace
     * window says so rather than "already used".
     */
    async exchange(tenantId: string, input: LinkExchangeInput, ip: string) {
      const at = now();
      // Counted before the link is looked at; a link that works gives its unit back.
      await limiter.takeLinkTry(ip, at);
      const tokenHash = hashLinkToken(input.token);
      const result = await repository.transaction(async (q, tx) => {
        const link = await consumeLinkToken(tx, { tenantId, tokenHash, purpose: input.purpose, at });
        if (!link) return undefined;
        const customer = await q.findCustomer(tenantId, link.customerId);
        // A deactivated member's links (sign-in, account, allocation) sign nobody in.
        if (!customer || customer.deactivatedAt) return undefined;
        const token = await sessions.start({ tenantId, subjectId: customer.id, email: customer.email, at }, tx);
        return { token, link, customer };
      });
      if (!result) {
        const known = await repository.findLinkToken(tenantId, tokenHash);
        if (known && known.purpose === 'allocation' && input.purpose === 'allocation') {
          const over =
            known.expiresAt.getTime() <= at.getTime() || (known.allocationId !== null && (await repository.memberGraceEnded(known.allocationId, at)));
          if (over) throw allocationLinkExpired();
        }
        throw linkInvalid();
      }
      const { token, link, customer } = result;
      await limiter.linkWorked(ip, at);
      await customers.recordSignIn(tenantId, customer.id, { at: at.toISOString(), ip }, customer.loginActivity);
      return {
        token,
        customerId: customer.id,
        ...(link.purpose === 'allocation' && link.allocationId ? { allocationId: link.allocationId } : {}),
      };
    },

    /** Staff: e-mails a member a link that signs in and opens the account (72 hours). */
    async sendAccountLink(tenantId: string, customerId: string, staff: AuditActor['staff'] = null) {
      const at = now();
      const expiresAt = new Date(at.getTime() + LINK_LIFETIME_MS.account);
      await repository.transaction(async (q, tx) => {
        const customer = await q.findCustomer(tenantId, customerId);
        if (!customer) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
        if (customer.deactivatedAt) throw new ApiError('conflict', API_MESSAGES.memberDeactivated);
        const token = await issueLinkToken(tx, { tenantId, customerId, purpose: 'account', createdAt: at, expiresAt });
        await mail.enqueue(
          {
            tenantId,
            to: customer.email,
            template: {
              kind: 'account-link',
              firstName: customer.firstName,
              url: linkUrl('account', token),
              expiresInHours: LINK_LIFETIME_MS.account / HOUR_MS,
            },
          },
          tx,
        );
        await recordAudit(tx, { tenantId, staff }, { action: 'member.accountLink', entityType: 'member', entityId: customerId, after: { purpose: 'account', expiresAt } });
      });
      return { customerId, expiresAt: expiresAt.toISOString() };
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
