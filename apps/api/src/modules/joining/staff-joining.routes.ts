import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { JoinRequestApprovedSchema, JoinRequestParamsSchema, JoinRequestSchema } from './joining.schemas.js';
import type { JoiningService } from './joining.service.js';
import type { ProspectList } from './staff-joining.repository.js';
import { ProspectListQuerySchema, ProspectPageSchema } from './staff-joining.schemas.js';

/** Staff decide prospects' requests: approve (the member is created and invited) or decline. */
export const staffJoiningRoutes: FastifyPluginAsyncZod<{ joining: JoiningService; prospects: ProspectList }> = async (app, { joining, prospects }) => {
  app.get(
    '/staff/allocation-requests',
    {
      schema: {
        tags: ['staff'],
        summary: "Prospects' requests to join, in arrival order, each with its place on the waiting list",
        description:
          "Oldest first, a page at a time (`limit`, `cursor`); optionally of one kind (allocation, founders-list) and status (waiting — also accepted as pending —, approved, declined). position: the request's place among the waiting requests of its kind (1 = next), null once decided.",
        headers: TenantHeadersSchema,
        querystring: ProspectListQuerySchema,
        security: STAFF_SECURITY,
        response: { 200: ProspectPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => prospects(request.tenant.id, request.query),
  );

  app.post(
    '/staff/allocation-requests/:requestId/approve',
    {
      schema: {
        tags: ['staff'],
        summary: 'Approve a request: create the member and e-mail a link to create a password (72 hours)',
        description:
          "The member gets the request's details, and its address as their default shipping and billing address. A request already answered: 409. An address a member took meanwhile: 409 emailInUse.",
        headers: TenantHeadersSchema,
        params: JoinRequestParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: JoinRequestApprovedSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => joining.approve({ tenantId: request.tenant.id, staff: request.staff }, request.params.requestId),
  );

  app.post(
    '/staff/allocation-requests/:requestId/decline',
    {
      schema: {
        tags: ['staff'],
        summary: 'Decline a request; the prospect may ask again later',
        description: 'No e-mail is sent. A request already answered: 409.',
        headers: TenantHeadersSchema,
        params: JoinRequestParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: JoinRequestSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => joining.decline({ tenantId: request.tenant.id, staff: request.staff }, request.params.requestId),
  );
};
