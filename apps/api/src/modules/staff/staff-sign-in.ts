import type { StaffUser } from '@winery/domain';
import type { SignedInStaff } from '../../shared/principals.js';
import { createPasswordSignIn, type SignInAccount, type SignInParts } from '../auth/password-sign-in.js';
import { createStaffRepository } from './staff.repository.js';

/**
 * The password sign-in for the winery's team: the members' flow and limits, with staff accounts,
 * staff sessions (12 hours) and the staff audience on the token. The per-IP budget is the
 * members' own, so guesses spread over both sign-in forms share it (ADR 012).
 */
export function createStaffSignIn(parts: SignInParts) {
  const staff = createStaffRepository(parts.db);
  return createPasswordSignIn<SignInAccount, SignedInStaff>(parts, {
    audience: 'staff',
    async findAccount(tenantId, email) {
      const user = await staff.findByEmail(tenantId, email);
      // A deactivated colleague is answered like a wrong password (ADR 016).
      if (!user || user.deactivatedAt) return undefined;
      return { id: user.id, email: user.email, passwordHash: user.passwordHash, greeting: user.name };
    },
    // Read on every request, so a changed role (or a removed account) applies at once.
    async principal(tenantId, claims) {
      const user = await staff.findById(tenantId, claims.subjectId);
      if (!user || user.deactivatedAt) return undefined;
      return { staffUserId: user.id, email: user.email, name: user.name, role: user.role, sessionId: claims.sessionId };
    },
  });
}

export type StaffSignIn = ReturnType<typeof createStaffSignIn>;

export const toStaffUserView = (staff: SignedInStaff): StaffUser => ({
  id: staff.staffUserId,
  email: staff.email,
  name: staff.name,
  role: staff.role,
});
