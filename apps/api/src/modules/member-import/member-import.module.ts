import type { ApiModule } from '../module-parts.js';
import { memberImportRoutes } from './member-import.routes.js';
import { createMemberImportService } from './member-import.service.js';

/** Bringing a winery's member list from its old platform (issue 14, item 2). */
export const memberImportModule: ApiModule = ({ db, mail, now }) => ({
  routes: async (v1) => {
    await v1.register(memberImportRoutes, { imports: createMemberImportService({ db, mail, now }) });
  },
});
