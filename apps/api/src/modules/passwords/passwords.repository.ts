import type { Database } from '../../db/database.js';
import type { LinkPurpose } from '../../db/schema/index.js';
import { createSessionsRepository } from '../auth/sessions.repository.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { findUsableLinkToken } from '../links/links.repository.js';

function passwordQueries(db: Database) {
  // The customers repository's own look-ups, bound to this connection or transaction.
  const members = createCustomersRepository(db);
  return {
    findCustomer: members.findById,
    /** `email` lowercased, as stored. */
    findCustomerByEmail: members.findByEmail,

    /**
     * Stores the new hash and ends every session the member has: whoever asked for the link may
     * be locking out someone who knew the old password, so no device keeps working on it.
     */
    async setPasswordAndRevokeSessions(tenantId: string, id: string, passwordHash: string, at: Date) {
      await members.setPasswordHash(tenantId, id, passwordHash, at);
      await createSessionsRepository(db, 'member').revokeAllOf(tenantId, id, at);
    },
  };
}

export type PasswordQueries = ReturnType<typeof passwordQueries>;

export function createPasswordsRepository(db: Database) {
  return {
    ...passwordQueries(db),
    /** The unused, unexpired token of this purpose, without using it up. */
    findUsableLink: (input: { tenantId: string; tokenHash: string; purpose: LinkPurpose; at: Date }) =>
      findUsableLinkToken(db, input),
    /** Runs `work` in one transaction; `tx` is for the token, session and mail helpers. */
    transaction<T>(work: (queries: PasswordQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(passwordQueries(tx), tx));
    },
  };
}

export type PasswordsRepository = ReturnType<typeof createPasswordsRepository>;
