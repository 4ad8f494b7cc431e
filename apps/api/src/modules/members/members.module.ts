import type { ApiModule } from '../module-parts.js';
import { createMembersRepository } from './members.repository.js';
import { membersRoutes } from './members.routes.js';
import { createMembersService } from './members.service.js';
import { createTiersService } from './tiers.service.js';
import { tiersRoutes } from './tiers.routes.js';

/** Members and tiers as the staff console manages them (issue 14, items 1 and 3). */
export const membersModule: ApiModule = ({ db, now }) => {
  const members = createMembersRepository(db);
  return {
    routes: async (v1) => {
      await v1.register(membersRoutes, { members, service: createMembersService({ db, now }), db, now });
      await v1.register(tiersRoutes, { members, tiers: createTiersService(db) });
    },
  };
};
