import type { Database } from '../../db/database.js';
import type { AttemptCounter } from '../../shared/attempt-counter.js';
import type { SignedInMember } from '../../shared/principals.js';
import { createCustomersRepository, type CustomerRow } from '../customers/customers.repository.js';
import type { MailService } from '../mail/mail.service.js';
import { createPasswordSignIn, type SignInAccount } from './password-sign-in.js';
import { createSessionStore } from './session-store.js';
import type { LoginLimits } from './sign-in-limits.js';
import type { SigningKeys } from './signing-keys.js';

type MemberAccount = SignInAccount & { row: CustomerRow };

export interface MemberSignInDependencies {
  db: Database;
  signingKeys: SigningKeys;
  counter: AttemptCounter;
  mail: Pick<MailService, 'enqueue'>;
  limits: LoginLimits;
  now: () => Date;
}

/** Members' sessions: started by a password here, and by e-mailed links (modules/links). */
export const createMemberSessions = (deps: Pick<MemberSignInDependencies, 'db' | 'signingKeys' | 'now'>) =>
  createSessionStore({ db: deps.db, keys: deps.signingKeys, audience: 'member', now: deps.now });

/** The password sign-in for members: their records, their sessions, their alert mail. */
export function createMemberSignIn(deps: MemberSignInDependencies) {
  const customers = createCustomersRepository(deps.db);
  return createPasswordSignIn<MemberAccount, SignedInMember>({
    audience: 'member',
    sessions: createMemberSessions(deps),
    counter: deps.counter,
    mail: deps.mail,
    limits: deps.limits,
    now: deps.now,
    async findAccount(tenantId, email) {
      const row = await customers.findByEmail(tenantId, email);
      return row && { id: row.id, email: row.email, passwordHash: row.passwordHash, greeting: row.firstName, row };
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
