import { renderValidationMessage, SESSION_TTL_MS, type ChangePasswordInput, type LoginInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { assertOwnCustomer } from '../../shared/ownership.js';
import type { CustomersRepository } from '../customers/customers.repository.js';
import { isCommonPassword } from './common-passwords.js';
import type { LoginThrottleRepository, ThrottleRule } from './login-throttle.repository.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.service.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { TokenClaims, TokenService } from './token.service.js';

export interface LoginLimits {
  /** Failed sign-ins allowed from one IP address per window, whatever the account. */
  perIp: { max: number; windowMs: number };
  /** Failed sign-ins allowed for one account (e-mail) per window, whatever the IP. */
  perAccount: { max: number; windowMs: number };
}

const FIFTEEN_MINUTES = 15 * 60_000;
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perIp: { max: 20, windowMs: FIFTEEN_MINUTES },
  perAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
};

export interface AuthDependencies {
  customers: CustomersRepository;
  sessions: SessionsRepository;
  throttle: LoginThrottleRepository;
  tokens: TokenService;
  limits: LoginLimits;
  now: () => Date;
}

export function createAuthService(deps: AuthDependencies) {
  const { customers, sessions, throttle, tokens, limits, now } = deps;

  const rulesFor = (tenantId: string, email: string, ip: string): ThrottleRule[] => [
    { key: `signin:ip:${ip}`, ...limits.perIp },
    { key: `signin:account:${tenantId}:${email}`, ...limits.perAccount },
  ];

  const retryAfter = (until: Date, at: Date) => ({
    'retry-after': String(Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000))),
  });

  const fieldError = (field: string, code: string) =>
    new ApiError('validationError', API_MESSAGES.validation, [
      { field, code, message: renderValidationMessage(code) },
    ]);

  return {
    async login(tenantId: string, input: LoginInput, ip: string): Promise<{ token: string }> {
      const email = input.email.toLowerCase();
      const at = now();
      const rules = rulesFor(tenantId, email, ip);

      const blockedUntil = await throttle.blockedUntil(rules, at);
      if (blockedUntil) {
        throw new ApiError('rateLimited', API_MESSAGES.signInRateLimited, undefined, retryAfter(blockedUntil, at));
      }

      const customer = await customers.findByEmail(tenantId, email);
      let valid = false;
      if (customer?.passwordHash) valid = await verifyPassword(input.password, customer.passwordHash);
      else await burnPasswordCheck(input.password);

      if (!customer || !valid) {
        await throttle.recordFailure(rules, at);
        // One in fifty failures also clears finished windows, so the table stays small without a job.
        if (Math.random() < 0.02) await throttle.sweep(at);
        throw new ApiError('unauthorized', API_MESSAGES.invalidCredentials);
      }

      await throttle.clear([rules[1]!.key]);
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
     * member (this one stays signed in). A wrong current password counts against the same
     * per-account limit as a failed sign-in, so a stolen session cannot be used to guess it.
     */
    async changePassword(
      tenantId: string,
      member: TokenClaims,
      customerId: string,
      input: ChangePasswordInput,
      ip: string,
    ): Promise<void> {
      assertOwnCustomer(member.customerId, customerId);
      const customer = await customers.findById(tenantId, customerId);
      if (!customer) throw new ApiError('notFound', API_MESSAGES.customerNotFound);
      const at = now();
      const rules = rulesFor(tenantId, customer.email, ip);

      const blockedUntil = await throttle.blockedUntil(rules, at);
      if (blockedUntil) {
        throw new ApiError('rateLimited', API_MESSAGES.passwordRateLimited, undefined, retryAfter(blockedUntil, at));
      }

      let valid = false;
      if (customer.passwordHash) valid = await verifyPassword(input.currentPassword, customer.passwordHash);
      else await burnPasswordCheck(input.currentPassword);
      if (!valid) {
        await throttle.recordFailure(rules, at);
        throw fieldError('currentPassword', 'currentPasswordIncorrect');
      }
      if (isCommonPassword(input.newPassword)) throw fieldError('newPassword', 'passwordTooCommon');

      await customers.changePassword({
        tenantId,
        id: customerId,
        passwordHash: await hashPassword(input.newPassword),
        keepSessionId: member.sessionId,
        at,
      });
      await throttle.clear([rules[1]!.key]);
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
