import type { ApiModule } from '../module-parts.js';
import { createAddressesRepository } from './addresses.repository.js';
import { addressesRoutes } from './addresses.routes.js';
import { createAddressesService } from './addresses.service.js';

export const addressesModule: ApiModule = ({ db, now }) => {
  const addresses = createAddressesService(createAddressesRepository(db), now);
  return {
    ownRoutes: async (scope) => {
      await scope.register(addressesRoutes, { addresses });
    },
  };
};
