import type { ApiModule } from '../module-parts.js';
import { createAllocationsRepository } from './allocations.repository.js';
import { allocationsRoutes } from './allocations.routes.js';
import { createAllocationsService } from './allocations.service.js';

export const allocationsModule: ApiModule = ({ db, now }) => {
  const allocations = createAllocationsService(createAllocationsRepository(db), now);
  return {
    ownRoutes: async (scope) => {
      await scope.register(allocationsRoutes, { allocations });
    },
  };
};
