import type { SignedInMember } from '../../shared/principals.js';
import { createCustomersRepository, type CustomerRow } from '../customers/customers.repository.js';
import { createPasswordSignIn, type SignInAccount, type SignInParts } from './password-sign-in.js';
import { createSessionStore } from './session-store.js';

type MemberAccount = SignInAccount & { row: CustomerRow };

/** Members' sessions: started by a password (below), and by e-mailed links (modules/links). */
export const createMemberSessions = (parts: Pick<SignInParts, 'db' | 'signingKeys' | 'now'>) =>
  createSessionStore({ db: parts.db, keys: parts.signingKeys, audience: 'member', now: parts.now });

/** The password sign-in for members: their records, their sessions, their alert mail. */
export function createMemberSignIn(parts: SignInParts) {
  const customers = createCustomersRepository(parts.db);
  return createPasswordSignIn<MemberAccount, SignedInMember>(parts, {
    audience: 'member',
    async findAccount(tenantId, email) {
      const row = await customers.findByEmail(tenantId, email);
      // A member staff deactivated is answered like a wrong password.
      if (!row || row.deactivatedAt) return undefined;
      return { id: row.id, email: row.email, passwordHash: row.passwordHash, greeting: row.firstName, row };
    },
    async signedIn(tenantId, account, at, ip) {
      await customers.recordSignIn(tenantId, account.id, { at: at.toISOString(), ip }, account.row.loginActivity);
    },
    // The token and its live session are the whole check: the member's record is read by the routes that need it.
    async principal(_tenantId, claims) {
      return { customerId: claims.subjectId, email: claims.email, tenant: claims.tenant, sessionId: claims.sessionId };
    },
  });
}

export type MemberSignIn = ReturnType<typeof createMemberSignIn>;
