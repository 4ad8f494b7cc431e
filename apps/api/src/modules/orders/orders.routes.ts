import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerCollectionParamsSchema, OrderListSchema } from '@winery/domain';
import { MEMBER_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { OrdersService } from './orders.service.js';

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.get(
    '/:tenant/customer/:customerId/order',
    {
      schema: {
        tags: ['order'],
        summary: "The member's past orders, newest first",
        description: 'Each names the offering it was placed in (null when it has none). Empty when the member has not ordered.',
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        security: MEMBER_SECURITY,
        response: { 200: OrderListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: [app.requireTenant, app.requireMember],
    },
    async (request) => orders.list(request.tenant.id, request.member.customerId, request.params.customerId),
  );
};
