import { listRulesRoutes } from '../staff/list-rules.routes.js';
import { createListRulesService } from '../staff/list-rules.service.js';
import type { ApiModule } from '../module-parts.js';
import { createStandingRepository } from './standing.repository.js';
import { standingRoutes } from './standing.routes.js';
import { createStandingService } from './standing.service.js';

/** A member's standing (issue 17, item 5), and the winery's rules of the list that it shows. */
export const standingModule: ApiModule = ({ db, now }) => {
  const standing = createStandingService(createStandingRepository(db), now);
  const listRules = createListRulesService(db);
  return {
    ownRoutes: async (scope) => {
      await scope.register(standingRoutes, { standing });
    },
    routes: async (v1) => {
      await v1.register(listRulesRoutes, { listRules });
    },
  };
};
