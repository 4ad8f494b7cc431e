import type { ApiModule } from '../module-parts.js';
import { waitingRoomFrom } from '../waiting-room/waiting-room.module.js';
import { createCartRepository } from './cart.repository.js';
import { cartRoutes } from './cart.routes.js';
import { createCartService } from './cart.service.js';
import { destinationsRoutes } from './destinations.routes.js';
import { createPricingRepository } from './pricing.repository.js';
import { createPricingService } from './pricing.service.js';

export const cartModule: ApiModule = ({ db, now }) => {
  const pricing = createPricingService(createPricingRepository(db));
  const cart = createCartService({ repository: createCartRepository(db), pricing, now, admission: waitingRoomFrom({ db, now }) });
  return {
    ownRoutes: async (scope) => {
      await scope.register(cartRoutes, { cart });
      await scope.register(destinationsRoutes, { pricing });
    },
  };
};
