import type { ApiModule } from '../module-parts.js';
import { waitingRoomFrom } from '../waiting-room/waiting-room.module.js';
import { createHoldsRepository } from './holds.repository.js';
import { holdsRoutes } from './holds.routes.js';
import { createHoldsService } from './holds.service.js';

export const holdsModule: ApiModule = ({ db, now }) => {
  // A member whose place in the waiting room has not come up holds nothing (modules/waiting-room/).
  const holds = createHoldsService({ repository: createHoldsRepository(db), admission: waitingRoomFrom({ db, now }), now });
  return {
    ownRoutes: async (scope) => {
      await scope.register(holdsRoutes, { holds });
    },
  };
};
