import type { ApiModule } from '../module-parts.js';
import { waitingRoomFrom } from '../waiting-room/waiting-room.module.js';
import { createOfferingsRepository } from './offerings.repository.js';
import { offeringsRoutes } from './offerings.routes.js';
import { createOfferingsService } from './offerings.service.js';
import { registerStaffAllocations } from './staff-allocations.register.js';
import { createStaffOfferingsRepository } from './staff-offerings.repository.js';
import { staffOfferingsRoutes } from './staff-offerings.routes.js';
import { createStaffOfferingsService } from './staff-offerings.service.js';
import { createStaffOpeningsRepository } from './staff-openings.repository.js';
import { staffOpeningsRoutes } from './staff-openings.routes.js';
import { createStaffOpeningsService } from './staff-openings.service.js';

/** Offerings as members see them (their own allocation's), and as staff schedule them, allocate and answer wishes. */
export const offeringsModule: ApiModule = ({ db, now, mail }) => {
  const offerings = createOfferingsService(createOfferingsRepository(db), now);
  const staff = createStaffOfferingsRepository(db);
  return {
    routes: async (v1) => {
      await v1.register(staffOfferingsRoutes, { offerings: createStaffOfferingsService(staff, now, waitingRoomFrom({ db, now })), now });
      await registerStaffAllocations(v1, { repository: staff, now, mail });
      await v1.register(staffOpeningsRoutes, { openings: createStaffOpeningsService(createStaffOpeningsRepository(db), now) });
    },
    ownRoutes: async (scope) => {
      await scope.register(offeringsRoutes, { offerings });
    },
  };
};
