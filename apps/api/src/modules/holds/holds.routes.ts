import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AllocationParamsSchema, HoldAnswerSchema, HoldInputSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { HoldsService } from './holds.service.js';

const HOLD_PATH = '/:tenant/customer/:customerId/allocation/:allocationId/hold';

export const holdsRoutes: FastifyPluginAsyncZod<{ holds: HoldsService }> = async (app, { holds }) => {
  app.put(
    HOLD_PATH,
    {
      schema: {
        tags: ['holds'],
        summary: "Hold the member's chosen bottles while they check out",
        description:
          "Holds the lines of the member's cart (`cartId`, this allocation's) at a pick-up location (`locationId`) or, by default, where shipped bottles come from, for the offering's hold minutes. A live hold is replaced with the new lines and location but keeps its expiry (holding again never extends it); without one, or once it expired, the hold runs from now. All or nothing: a wine short of bottles beyond other members' holds answers 409 with `lines.<wineId>` saying how many are left, and nothing changes. `hold: null` when the offering holds nothing. The choice is checked as the cart checks it (400 by field); another member's or an unknown allocation answers 404, a closed window 409, a window still to come 409 ('This offering is not open for you yet.'), a member whose place in the waiting room has not come up 409.",
        headers: TenantHeadersSchema,
        params: AllocationParamsSchema,
        body: HoldInputSchema,
        response: { 200: HoldAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => holds.put(request.tenant.id, request.params.customerId, request.params.allocationId, request.body),
  );

  app.get(
    HOLD_PATH,
    {
      schema: {
        tags: ['holds'],
        summary: "The member's live hold of the allocation, with the server's clock for its countdown",
        description: 'Null when the member holds nothing now (never held, released, ordered or expired) or the offering holds nothing.',
        headers: TenantHeadersSchema,
        params: AllocationParamsSchema,
        response: { 200: HoldAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => holds.get(request.tenant.id, request.params.customerId, request.params.allocationId),
  );

  app.delete(
    HOLD_PATH,
    {
      schema: {
        tags: ['holds'],
        summary: "Release the member's hold: its bottles are free for others at once",
        description: 'Answers 204 whether or not the member held anything.',
        headers: TenantHeadersSchema,
        params: AllocationParamsSchema,
        response: { 204: z.null().describe('Released'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await holds.release(request.tenant.id, request.params.customerId, request.params.allocationId);
      return reply.code(204).send(null);
    },
  );
};
