import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListRulesInputSchema, ListRulesSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { ListRulesService } from './list-rules.service.js';

/** The console's "Rules of the list": what members read on their standing page. */
export const listRulesRoutes: FastifyPluginAsyncZod<{ listRules: ListRulesService }> = async (app, { listRules }) => {
  app.get(
    '/staff/list-rules',
    {
      schema: {
        tags: ['staff'],
        summary: "The winery's rules of the list: the Markdown staff wrote and the HTML members read",
        description: 'Both are empty strings until staff write rules.',
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 200: ListRulesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listRules.read(request.tenant.id),
  );

  app.put(
    '/staff/list-rules',
    {
      schema: {
        tags: ['staff'],
        summary: 'Replace the rules of the list',
        description:
          "Rendered once by the renderer of the offering letters (raw HTML dropped, an allow-list of tags kept) and shown to every member on their standing page. Empty Markdown takes the rules down. Audited.",
        headers: TenantHeadersSchema,
        body: ListRulesInputSchema,
        security: STAFF_SECURITY,
        response: { 200: ListRulesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listRules.replace({ tenantId: request.tenant.id, staff: request.staff }, request.body),
  );
};
