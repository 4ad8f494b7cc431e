import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AllocationDetailSchema,
  AllocationListParamsSchema,
  AllocationListSchema,
  AllocationParamsSchema,
} from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { AllocationsService } from './allocations.service.js';

export const allocationsRoutes: FastifyPluginAsyncZod<{ allocations: AllocationsService }> = async (
  app,
  { allocations },
) => {
  app.get(
    '/:tenant/customer/:customerId/allocation',
    {
      schema: {
        tags: ['allocation'],
        summary: "The member's allocations; the first is the current one",
        description:
          "Offerings that have started come first, latest start first; then upcoming ones, soonest first. startDate and endDate are the member's own window (their tier's opening and close). Empty when the member has none.",
        headers: TenantHeadersSchema,
        params: AllocationListParamsSchema,
        response: { 200: AllocationListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => allocations.list(request.tenant.id, request.params.customerId),
  );

  app.get(
    '/:tenant/customer/:customerId/allocation/:allocationId',
    {
      schema: {
        tags: ['allocation'],
        summary: 'One allocation: its window, pending orders and metaData (offering merged with allocation)',
        description:
          "startDate and endDate are the member's own window: their tier's opening and close when staff set one, else the offering's start and end (never past it). release says whether the offering admits members through a waiting room at the opening (waitingRoom) and how many minutes a choice is held at checkout (holdMinutes, null: no holds).",
        headers: TenantHeadersSchema,
        params: AllocationParamsSchema,
        response: { 200: AllocationDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => allocations.detail(request.tenant.id, request.params.customerId, request.params.allocationId),
  );
};
