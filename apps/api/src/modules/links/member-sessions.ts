import { SESSION_TTL_MS } from '@winery/domain';
import type { Database } from '../../db/database.js';
import { createSessionsRepository } from '../auth/sessions.repository.js';
import type { TokenService } from '../auth/token.service.js';

/**
 * Signs a member in after an e-mailed link: the same session row and the same 90-day token as a
 * password sign-in, so the rest of the API cannot tell them apart. The session row is written
 * through the caller's transaction, so a link is used up only when the session really exists.
 */
export function createMemberSessions(tokens: TokenService) {
  return {
    async start(db: Database, input: { tenantId: string; customerId: string; email: string; at: Date }): Promise<string> {
      const { tenantId, customerId, email, at } = input;
      const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
      const session = await createSessionsRepository(db).create({ tenantId, customerId, createdAt: at, expiresAt });
      return tokens.sign({ customerId, email, tenant: tenantId, sessionId: session.id, issuedAt: at, expiresAt });
    },
  };
}

export type MemberSessions = ReturnType<typeof createMemberSessions>;
