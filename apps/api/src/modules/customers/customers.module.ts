import type { ApiModule } from '../module-parts.js';
import { createUnsubscribeTokens } from '../mail/unsubscribe-tokens.js';
import { createCustomersRepository } from './customers.repository.js';
import { customersRoutes } from './customers.routes.js';
import { createCustomersService } from './customers.service.js';
import { oneClickUnsubscribeRoute, unsubscribeRoutes } from './unsubscribe.routes.js';
import { createUnsubscribeService } from './unsubscribe.service.js';

export const customersModule: ApiModule = ({ db, now, settings, signingKeys }) => {
  const repository = createCustomersRepository(db);
  const customers = createCustomersService(repository, now);
  // The mail service signs unsubscribe links under the same server key (modules/mail/mail.service.ts).
  const unsubscribe = createUnsubscribeService({ repository, tokens: createUnsubscribeTokens(signingKeys.privateKey), now });
  return {
    ownRoutes: async (scope) => {
      await scope.register(customersRoutes, { customers, minimumAge: settings.minimumAge, now });
    },
    routes: async (v1) => {
      await v1.register(unsubscribeRoutes, { unsubscribe });
    },
    siteRoutes: async (site) => {
      await site.register(oneClickUnsubscribeRoute, { unsubscribe });
    },
  };
};
