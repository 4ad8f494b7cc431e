import type { ApiModule } from '../module-parts.js';
import { createCatalogueRepository } from './catalogue.repository.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { createCatalogueService } from './catalogue.service.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService } from './dashboard.service.js';
import { markdownRoutes } from './markdown.routes.js';
import { createRatesRepository } from './rates.repository.js';
import { ratesRoutes } from './rates.routes.js';
import { createRatesService } from './rates.service.js';
import { staffRoutes } from './staff.routes.js';
import { tenantRoutes } from './tenant.routes.js';

/** Staff sign-in and their own account, the winery, the dashboard, the catalogue (wines, locations) and the rate tables. */
export const staffModule: ApiModule = ({ db, now, staffSignIn }) => ({
  routes: async (v1) => {
    await v1.register(staffRoutes, { signIn: staffSignIn });
    await v1.register(tenantRoutes, { db });
    await v1.register(catalogueRoutes, { catalogue: createCatalogueService(createCatalogueRepository(db), now) });
    await v1.register(markdownRoutes);
    await v1.register(dashboardRoutes, { dashboard: createDashboardService(createDashboardRepository(db), now) });
    await v1.register(ratesRoutes, { rates: createRatesService(createRatesRepository(db)) });
  },
});
