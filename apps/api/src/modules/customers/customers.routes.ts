import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerParamsSchema, CustomerSchema } from '@winery/domain';
import { MEMBER_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { CustomersService } from './customers.service.js';

export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (app, { customers }) => {
  app.get(
    '/customer/:customerId',
    {
      schema: {
        tags: ['customer'],
        summary: "The signed-in member's own record",
        headers: TenantHeadersSchema,
        params: CustomerParamsSchema,
        security: MEMBER_SECURITY,
        response: { 200: CustomerSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: [app.requireTenant, app.requireMember],
    },
    async (request) =>
      customers.getOwnCustomer(request.tenant.id, request.member.customerId, request.params.customerId),
  );
};
