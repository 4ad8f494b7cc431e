import { STAFF_SESSION_TTL_MS, type StaffLoginInput, type StaffRole, type StaffUser } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AttemptCounter } from '../../shared/attempt-counter.js';
import { burnPasswordCheck, verifyPassword } from '../auth/password.service.js';
import { createSignInGuard, type LoginLimits, type SignInKeys } from '../auth/sign-in-limits.js';
import type { MailService } from '../mail/mail.service.js';
import type { StaffRepository } from './staff.repository.js';
import type { StaffTokenService } from './staff-token.service.js';

/** Who is calling the staff API: set on `request.staff` by `app.requireStaff`. */
export interface SignedInStaff {
  staffUserId: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
}

export interface StaffAuthDependencies {
  repository: StaffRepository;
  counter: AttemptCounter;
  mail: MailService;
  tokens: StaffTokenService;
  limits: LoginLimits;
  now: () => Date;
}

export function createStaffService(deps: StaffAuthDependencies) {
  const { repository, counter, mail, tokens, limits, now } = deps;
  const guard = createSignInGuard(counter, limits);

  // The per-IP counter is the members' one: guesses spread over both sign-in forms share a budget.
  // The pair and the account are the staff account's own, since a member may use the same e-mail.
  // No count ever locks the account: an administrator cannot be shut out by strangers (ADR 012).
  const keysFor = (tenantId: string, email: string, ip: string): SignInKeys => ({
    ip: `signin:ip:${ip}`,
    pair: `signin:staff-pair:${tenantId}:${email}:${ip}`,
    account: `signin:staff:${tenantId}:${email}`,
  });

  return {
    async login(tenantId: string, input: StaffLoginInput, ip: string): Promise<{ token: string }> {
      const email = input.email.toLowerCase();
      const at = now();
      const keys = keysFor(tenantId, email, ip);
      await guard.admit(keys, at);

      const user = await repository.findByEmail(tenantId, email);
      let valid = false;
      if (user) valid = await verifyPassword(input.password, user.passwordHash);
      else await burnPasswordCheck(input.password);

      if (!user || !valid) {
        if ((await guard.failed(keys, at)) && user) {
          await mail.enqueue({ tenantId, to: user.email, template: { kind: 'sign-in-attempts', firstName: user.name, audience: 'staff' } });
        }
        throw new ApiError('unauthorized', API_MESSAGES.invalidCredentials);
      }

      await guard.succeeded(keys, at);
      const expiresAt = new Date(at.getTime() + STAFF_SESSION_TTL_MS);
      const session = await repository.createSession({ tenantId, staffUserId: user.id, createdAt: at, expiresAt });
      const token = await tokens.sign({
        staffUserId: user.id,
        email: user.email,
        tenant: tenantId,
        sessionId: session.id,
        issuedAt: at,
        expiresAt,
      });
      return { token };
    },

    async logout(tenantId: string, sessionId: string): Promise<void> {
      await repository.revokeSession(tenantId, sessionId, now());
    },

    /**
     * The staff member behind a token valid for this tenant right now, or an unauthorized error.
     * The role is read from the database on every call, so a changed role applies at once.
     */
    async authenticate(tenantId: string, authorization: string | undefined): Promise<SignedInStaff> {
      if (!authorization) throw new ApiError('unauthorized', API_MESSAGES.signInRequired);
      const claims = await tokens.verify(authorization.trim());
      if (!claims || claims.tenant !== tenantId) throw new ApiError('unauthorized', API_MESSAGES.sessionEnded);
      const session = await repository.findSession(tenantId, claims.sessionId);
      if (
        !session ||
        session.revokedAt ||
        session.expiresAt.getTime() <= now().getTime() ||
        session.staffUserId !== claims.staffUserId
      ) {
        throw new ApiError('unauthorized', API_MESSAGES.sessionEnded);
      }
      const user = await repository.findById(tenantId, claims.staffUserId);
      if (!user) throw new ApiError('unauthorized', API_MESSAGES.sessionEnded);
      return { staffUserId: user.id, email: user.email, name: user.name, role: user.role, sessionId: session.id };
    },

    me(staff: SignedInStaff): StaffUser {
      return { id: staff.staffUserId, email: staff.email, name: staff.name, role: staff.role };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
