import { createMemberSessions } from '../auth/member-sign-in.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import type { ApiModule, ModuleParts } from '../module-parts.js';
import { createLinksRepository } from './links.repository.js';
import { linksRoutes } from './links.routes.js';
import { createLinksService } from './links.service.js';
import { createRequestLimiter } from './request-limits.js';
import { staffLinksRoutes } from './staff-links.routes.js';

/**
 * What every service that mails a link shares (links, passwords, joining): one limiter over the
 * database's counters, and members' sessions like a password sign-in's.
 */
export const mailedLinkParts = ({ db, counter, signingKeys, now, settings }: ModuleParts) => ({
  customers: createCustomersRepository(db),
  limiter: createRequestLimiter(counter, settings.requestLimits),
  sessions: createMemberSessions({ db, signingKeys, now }),
});

/** E-mailed sign-in, account and allocation links, and staff sending them. */
export const linksModule: ApiModule = (parts) => {
  const { db, mail, now, settings } = parts;
  const links = createLinksService({
    repository: createLinksRepository(db),
    ...mailedLinkParts(parts),
    mail,
    uniformAnswerMs: settings.uniformAnswerMs,
    now,
  });
  return {
    routes: async (v1) => {
      await v1.register(linksRoutes, { links });
      await v1.register(staffLinksRoutes, { links });
    },
  };
};
