import { createPricingRepository } from '../cart/pricing.repository.js';
import { createPricingService } from '../cart/pricing.service.js';
import { cardTokenizerFrom } from '../cards/cards.module.js';
import type { ApiModule } from '../module-parts.js';
import { waitingRoomFrom } from '../waiting-room/waiting-room.module.js';
import { createOrdersRepository } from './orders.repository.js';
import { ordersRoutes } from './orders.routes.js';
import { createOrdersService } from './orders.service.js';
import { createStaffOrdersRepository } from './staff-orders.repository.js';
import { staffOrdersRoutes } from './staff-orders.routes.js';
import { createStaffOrdersService } from './staff-orders.service.js';

export const ordersModule: ApiModule = (parts) => {
  const { db, paymentGateway, mail, log, now } = parts;
  const orders = createOrdersService({
    repository: createOrdersRepository(db),
    // The same prices, rates and delivery checks as the cart's quote.
    pricing: createPricingService(createPricingRepository(db)),
    gateway: paymentGateway,
    tokenizer: cardTokenizerFrom(parts),
    mail,
    log,
    now,
    admission: waitingRoomFrom(parts),
  });
  const staffRepository = createStaffOrdersRepository(db);
  const staffOrders = createStaffOrdersService({ repository: staffRepository, gateway: paymentGateway, mail, log, now });
  return {
    // Staff: the order list, one order, its fulfilment, and the CSV export (issue 14).
    routes: async (v1) => {
      await v1.register(staffOrdersRoutes, { orders: staffOrders, repository: staffRepository });
    },
    ownRoutes: async (scope) => {
      await scope.register(ordersRoutes, { orders });
    },
  };
};
