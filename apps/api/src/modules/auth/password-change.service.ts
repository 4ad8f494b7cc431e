import { renderValidationMessage, type ChangePasswordInput } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { retryAfterHeader, type AttemptCounter } from '../../shared/attempt-counter.js';
import type { SignedInMember } from '../../shared/principals.js';
import type { Database } from '../../db/database.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { isCommonPassword } from './common-passwords.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.service.js';
import { createSessionsRepository } from './sessions.repository.js';
import type { LoginLimits } from './sign-in-limits.js';

const fieldError = (field: string, code: string) =>
  new ApiError('validationError', API_MESSAGES.validation, [{ field, code, message: renderValidationMessage(code) }]);

export function createPasswordChangeService(deps: {
  db: Database;
  counter: AttemptCounter;
  limits: Pick<LoginLimits, 'currentPassword'>;
  now: () => Date;
}) {
  const { db, counter, limits, now } = deps;
  const customers = createCustomersRepository(db);
  return {
    /**
     * Sets a new password after checking the current one, then ends every other session of the
     * member (this one stays signed in). Wrong current passwords have their own per-member
     * budget, so a stolen session cannot be used to guess the password.
     */
    async changePassword(tenantId: string, member: SignedInMember, input: ChangePasswordInput): Promise<void> {
      const { customerId } = member;
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

      const passwordHash = await hashPassword(input.newPassword);
      // One transaction: no device signed in with the old password is left working after the change.
      await db.transaction(async (tx) => {
        await createCustomersRepository(tx).setPasswordHash(tenantId, customerId, passwordHash, at);
        await createSessionsRepository(tx, 'member').revokeAllOf(tenantId, customerId, at, member.sessionId);
      });
    },
  };
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
