import { createSessionStore } from '../auth/session-store.js';
import { createRequestLimiter } from '../links/request-limits.js';
import type { ApiModule } from '../module-parts.js';
import { createStaffAccountsRepository } from './staff-accounts.repository.js';
import { staffAccountsRoutes } from './staff-accounts.routes.js';
import { createStaffAccountsService } from './staff-accounts.service.js';

/** The team's accounts: invitations by e-mail, roles, deactivation (admin only; ADR 016). */
export const staffAccountsModule: ApiModule = ({ db, mail, now, counter, signingKeys, settings }) => {
  const accounts = createStaffAccountsService({
    repository: createStaffAccountsRepository(db),
    mail,
    sessions: createSessionStore({ db, keys: signingKeys, audience: 'staff', now }),
    limiter: createRequestLimiter(counter, settings.requestLimits),
    now,
  });
  return {
    routes: async (v1) => {
      await v1.register(staffAccountsRoutes, { accounts });
    },
  };
};
