import type { ApiModule } from '../module-parts.js';
import { createOfferingsRepository } from './offerings.repository.js';
import { offeringsRoutes } from './offerings.routes.js';
import { createOfferingsService } from './offerings.service.js';
import { staffAllocationsRoutes } from './staff-allocations.routes.js';
import { createStaffAllocationsService } from './staff-allocations.service.js';
import { createStaffOfferingsRepository } from './staff-offerings.repository.js';
import { staffOfferingsRoutes } from './staff-offerings.routes.js';
import { createStaffOfferingsService } from './staff-offerings.service.js';
import { createStaffWishesService } from './staff-wishes.service.js';

/** Offerings as members see them (their own allocation's), and as staff schedule them, allocate and answer wishes. */
export const offeringsModule: ApiModule = ({ db, now }) => {
  const offerings = createOfferingsService(createOfferingsRepository(db), now);
  const staff = createStaffOfferingsRepository(db);
  return {
    routes: async (v1) => {
      await v1.register(staffOfferingsRoutes, { offerings: createStaffOfferingsService(staff, now), now });
      await v1.register(staffAllocationsRoutes, { allocations: createStaffAllocationsService(staff), wishes: createStaffWishesService(staff, now) });
    },
    ownRoutes: async (scope) => {
      await scope.register(offeringsRoutes, { offerings });
    },
  };
};
