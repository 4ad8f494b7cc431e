import { STAFF_SESSION_TTL_MS, type StaffLoginInput, type StaffRole, type StaffUser } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { LoginLimits } from '../auth/auth.service.js';
import type { LoginThrottleRepository, ThrottleRule } from '../auth/login-throttle.repository.js';
import { burnPasswordCheck, verifyPassword } from '../auth/password.service.js';
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
  throttle: LoginThrottleRepository;
  tokens: StaffTokenService;
  limits: LoginLimits;
  now: () => Date;
}

export function createStaffService(deps: StaffAuthDependencies) {
  const { repository, throttle, tokens, limits, now } = deps;

  // The per-IP counter is the members' one: guesses spread over both sign-in forms share a budget.
  // The account counter is the staff account's own, since a member may use the same e-mail.
  const rulesFor = (tenantId: string, email: string, ip: string): ThrottleRule[] => [
    { key: `signin:ip:${ip}`, ...limits.perIp },
    { key: `signin:staff:${tenantId}:${email}`, ...limits.perAccount },
  ];

  const retryAfter = (until: Date, at: Date) => ({
    'retry-after': String(Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000))),
  });

  return {
    async login(tenantId: string, input: StaffLoginInput, ip: string): Promise<{ token: string }> {
      const email = input.email.toLowerCase();
      const at = now();
      const rules = rulesFor(tenantId, email, ip);

      const blockedUntil = await throttle.blockedUntil(rules, at);
      if (blockedUntil) {
        throw new ApiError('rateLimited', API_MESSAGES.signInRateLimited, undefined, retryAfter(blockedUntil, at));
      }

      const user = await repository.findByEmail(tenantId, email);
      let valid = false;
      if (user) valid = await verifyPassword(input.password, user.passwordHash);
      else await burnPasswordCheck(input.password);

      if (!user || !valid) {
        await throttle.recordFailure(rules, at);
        if (Math.random() < 0.02) await throttle.sweep(at);
        throw new ApiError('unauthorized', API_MESSAGES.invalidCredentials);
      }

      await throttle.clear([rules[1]!.key]);
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
