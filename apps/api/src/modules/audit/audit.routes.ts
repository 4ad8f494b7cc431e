import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEntrySchema, AuditQuerySchema, pageOf } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { AuditService } from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/staff/audit',
    {
      schema: {
        tags: ['staff'],
        summary: 'The audit trail: every staff write, newest first',
        description:
          'Each entry names who acted (null for the system), the action (`<entity>.<verb>`), the entity, the record before and after (secrets left out) and when. Filters: staffUserId, action, entityType, entityId, from (inclusive) and to (exclusive), ISO 8601. Managers and admins only (ADR 016): the snapshots hold personal data.',
        headers: TenantHeadersSchema,
        querystring: AuditQuerySchema,
        response: { 200: pageOf(AuditEntrySchema), ...errorResponses(400, 404) },
      },
      config: { staffRole: 'manager' },
    },
    async (request) => audit.list(request.tenant.id, request.query),
  );
};
