import type { ApiModule } from '../module-parts.js';
import { healthRoutes } from './health.routes.js';

export const healthModule: ApiModule = ({ db }) => ({
  routes: async (v1) => {
    await v1.register(healthRoutes, { db });
  },
});
