import type { ApiModule } from '../module-parts.js';
import { createAuditRepository } from './audit.repository.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditService } from './audit.service.js';

/** The audit trail's list (entries are written by each write, in its transaction: shared/audit.ts). */
export const auditModule: ApiModule = ({ db }) => ({
  routes: async (v1) => {
    await v1.register(auditRoutes, { audit: createAuditService(createAuditRepository(db)) });
  },
});
