import { renderValidationMessage, SESSION_TTL_MS, type ChangePasswordInput, type LoginInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { retryAfterHeader, type AttemptCounter } from '../../shared/attempt-counter.js';
import { assertOwnCustomer } from '../../shared/ownership.js';
import type { CustomersRepository } from '../customers/customers.repository.js';
import type { MailService } from '../mail/mail.service.js';
import { isCommonPassword } from './common-passwords.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.service.js';
import type { SessionsRepository } from './sessions.repository.js';
import { createSignInGuard, type LoginLimits, type SignInKeys } from './sign-in-limits.js';
import type { TokenClaims, TokenService } from './token.service.js';

export { DEFAULT_LOGIN_LIMITS, resolveLoginLimits, type LoginLimits } from './sign-in-limits.js';

export interface AuthDependencies {
  customers: CustomersRepository;
  sessions: SessionsRepository;
  counter: AttemptCounter;
  mail: MailService;
  tokens: TokenService;
  limits: LoginLimits;
  now: () => Date;
}

export function createAuthService(deps: AuthDependencies) {
  const { customers, sessions, counter, mail, tokens, limits, now } = deps;
  const guard = createSignInGuard(counter, limits);

  const keysFor = (tenantId: string, email: string, ip: string): SignInKeys => ({
    ip: `signin:ip:${ip}`,
    pair: `signin:pair:${tenantId}:${email}:${ip}`,
    account: `signin:account:${tenantId}:${email}`,
  });

  const fieldError = (field: string, code: string) =>
    new ApiError('validationError', API_MESSAGES.validation, [
      { field, code, message: renderValidationMessage(code) },
    ]);

  return {
    async login(tenantId: string, input: LoginInput, ip: string): Promise<{ token: string }> {
      const email = input.email.toLowerCase();
      const at = now();
      const keys = keysFor(tenantId, email, ip);
      // Counted before the password is looked at, so a burst cannot outrun the count (ADR 012).
      await guard.admit(keys, at);

      const customer = await customers.findByEmail(tenantId, email);
      let valid = false;
      if (customer?.passwordHash) valid = await verifyPassword(input.password, customer.passwordHash);
      else await burnPasswordCheck(input.password);

      if (!customer || !valid) {
        // The account is never locked; its owner hears of a run of failures, once per window.
        if ((await guard.failed(keys, at)) && customer) {
          await mail.enqueue({
            tenantId,
            to: customer.email,
            template: { kind: 'sign-in-attempts', firstName: customer.firstName, audience: 'member' },
          });
        }
        throw new ApiError('unauthorized', API_MESSAGES.invalidCredentials);
      }

      await guard.succeeded(keys, at);
      const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
      const session = await sessions.create({ tenantId, customerId: customer.id, createdAt: at, expiresAt });
      await customers.recordSignIn(tenantId, customer.id, { at: at.toISOString(), ip }, customer.loginActivity);
      const token = await tokens.sign({
        customerId: customer.id,
        email: customer.email,
        tenant: tenantId,
        sessionId: session.id,
        issuedAt: at,
        expiresAt,
      });
      return { token };
    },

    /**
     * Sets a new password after checking the current one, then ends every other session of the
     * member (this one stays signed in). Wrong current passwords have their own per-member
     * budget, so a stolen session cannot be used to guess the password.
     */
    async changePassword(
      tenantId: string,
      member: TokenClaims,
      customerId: string,
      input: ChangePasswordInput,
    ): Promise<void> {
      assertOwnCustomer(member.customerId, customerId);
      const customer = await customers.findById(tenantId, customerId);
      if (!customer) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
      const at = now();
      // Counted first; only a signed-in member can spend this budget, and it blocks nothing else.
      const rule = { key: `password-change:${tenantId}:${customerId}`, ...limits.currentPassword };
      const counted = await counter.count([rule], at);
      if (!counted.allowed) {
        throw new ApiError('rateLimited', API_MESSAGES.passwordRateLimited, undefined, retryAfterHeader(counted.resetAt, at));
      }

      let valid = false;
      if (customer.passwordHash) valid = await verifyPassword(input.currentPassword, customer.passwordHash);
      else await burnPasswordCheck(input.currentPassword);
      if (!valid) throw fieldError('currentPassword', 'currentPasswordIncorrect');
      await counter.giveBack([rule.key], at);
      if (isCommonPassword(input.newPassword)) throw fieldError('newPassword', 'passwordTooCommon');

      await customers.changePassword({
        tenantId,
        id: customerId,
        passwordHash: await hashPassword(input.newPassword),
        keepSessionId: member.sessionId,
        at,
      });
    },

    async logout(tenantId: string, sessionId: string): Promise<void> {
      await sessions.revoke(tenantId, sessionId, now());
    },

    /** The claims of a token that is valid for this tenant right now, or an unauthorized error. */
    async authenticate(tenantId: string, authorization: string | undefined): Promise<TokenClaims> {
      if (!authorization) throw new ApiError('unauthorized', API_MESSAGES.signInRequired);
      const claims = await tokens.verify(authorization.trim());
      if (!claims || claims.tenant !== tenantId) throw new ApiError('unauthorized', API_MESSAGES.sessionEnded);
      const session = await sessions.find(tenantId, claims.sessionId);
      if (
        !session ||
        session.revokedAt ||
        session.expiresAt.getTime() <= now().getTime() ||
        session.customerId !== claims.customerId
      ) {
        throw new ApiError('unauthorized', API_MESSAGES.sessionEnded);
      }
      return claims;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
