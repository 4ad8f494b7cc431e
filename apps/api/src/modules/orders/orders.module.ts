import { createPricingRepository } from '../cart/pricing.repository.js';
import { createPricingService } from '../cart/pricing.service.js';
import { cardTokenizerFrom } from '../cards/cards.module.js';
import type { ApiModule } from '../module-parts.js';
import { createOrdersRepository } from './orders.repository.js';
import { ordersRoutes } from './orders.routes.js';
import { createOrdersService } from './orders.service.js';

export const ordersModule: ApiModule = (parts) => {
  const { db, paymentGateway, log, now } = parts;
  const orders = createOrdersService({
    repository: createOrdersRepository(db),
    // The same prices, rates and delivery checks as the cart's quote.
    pricing: createPricingService(createPricingRepository(db)),
    gateway: paymentGateway,
    tokenizer: cardTokenizerFrom(parts),
    log,
    now,
  });
  return {
    ownRoutes: async (scope) => {
      await scope.register(ordersRoutes, { orders });
    },
  };
};
