import type { ApiModule } from '../module-parts.js';
import { createBottlesRepository } from './bottles.repository.js';
import { bottlesRoutes } from './bottles.routes.js';
import { createBottlesService } from './bottles.service.js';
import { createBottleRegistry } from './staff-bottles.repository.js';
import { staffBottlesRoutes } from './staff-bottles.routes.js';

/** Bottle verification for anyone, and the registry staff import and watch. */
export const bottlesModule: ApiModule = ({ db, counter, now, settings }) => {
  const bottles = createBottlesService({
    repository: createBottlesRepository(db),
    counter,
    limits: settings.bottleCheckLimits,
    trustProxy: settings.trustProxy,
    now,
  });
  return {
    routes: async (v1) => {
      await v1.register(bottlesRoutes, { bottles });
      await v1.register(staffBottlesRoutes, { bottles, registry: createBottleRegistry(db, now) });
    },
  };
};
