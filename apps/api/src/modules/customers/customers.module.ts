import type { ApiModule } from '../module-parts.js';
import { createCustomersRepository } from './customers.repository.js';
import { customersRoutes } from './customers.routes.js';
import { createCustomersService } from './customers.service.js';

export const customersModule: ApiModule = ({ db, now, settings }) => {
  const customers = createCustomersService(createCustomersRepository(db), now);
  return {
    ownRoutes: async (scope) => {
      await scope.register(customersRoutes, { customers, minimumAge: settings.minimumAge, now });
    },
  };
};
