import type { ApiModule } from '../module-parts.js';
import { createCartRepository } from './cart.repository.js';
import { cartRoutes } from './cart.routes.js';
import { createCartService } from './cart.service.js';
import { createPricingRepository } from './pricing.repository.js';
import { createPricingService } from './pricing.service.js';

export const cartModule: ApiModule = ({ db, now }) => {
  const cart = createCartService({ repository: createCartRepository(db), pricing: createPricingService(createPricingRepository(db)), now });
  return {
    ownRoutes: async (scope) => {
      await scope.register(cartRoutes, { cart });
    },
  };
};
