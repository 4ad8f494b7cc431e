import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdmissionRateInputSchema, AllocationParamsSchema, OfferingIdParamsSchema, StaffWaitingRoomSchema, WaitingRoomSchema } from '@winery/domain';
import type { AuditActor } from '../../shared/audit.js';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { WaitingRoomService } from './waiting-room.service.js';

const MEMBER_DESCRIPTION =
  "state: no-room (the offering admits everyone at their opening), not-joined, waiting or admitted. Before the member's opening nobody has a position: at the opening everyone already waiting is put in a random order (the lottery drawn when they joined), so arriving early gives no advantage; later arrivals queue behind them. The room admits admissionPerMinute members a minute from the opening. waiting: members in the room not yet through; ahead: members before this one not yet through; estimatedAdmissionAt: when the member's place should come up at the current rate. serverTime is the API's clock, for the page's countdown. Another member's or an unknown allocation answers 404. Never cached.";

/** A member's place in their opening's waiting room (issue 17). */
export const waitingRoomRoutes: FastifyPluginAsyncZod<{ room: WaitingRoomService }> = async (app, { room }) => {
  app.get(
    '/:tenant/customer/:customerId/allocation/:allocationId/waiting-room',
    {
      schema: {
        tags: ['allocation'],
        summary: "The member's state in their opening's waiting room, without joining it",
        description: MEMBER_DESCRIPTION,
        headers: TenantHeadersSchema,
        params: AllocationParamsSchema,
        response: { 200: WaitingRoomSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return room.read(request.tenant.id, request.params.customerId, request.params.allocationId);
    },
  );

  app.post(
    '/:tenant/customer/:customerId/allocation/:allocationId/waiting-room',
    {
      schema: {
        tags: ['allocation'],
        summary: "Joins the member's opening's waiting room, or finds the place they already have",
        description: `Idempotent: a reload or a second tab keeps the same place. After the member's own window has closed, or once the offering is cancelled, 409 'This offering is closed.'. ${MEMBER_DESCRIPTION}`,
        headers: TenantHeadersSchema,
        params: AllocationParamsSchema,
        response: { 200: WaitingRoomSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return room.join(request.tenant.id, request.params.customerId, request.params.allocationId);
    },
  );
};

const actor = (request: { tenant: { id: string }; staff: { staffUserId: string } }): AuditActor => ({ tenantId: request.tenant.id, staff: request.staff });

/** What staff see of an offering's waiting rooms, and its admission rate changed live (issue 17). */
export const staffWaitingRoomRoutes: FastifyPluginAsyncZod<{ room: WaitingRoomService }> = async (app, { room }) => {
  app.get(
    '/staff/offerings/:offeringId/waiting-room',
    {
      schema: {
        tags: ['staff'],
        summary: "An offering's waiting rooms: per opening, waiting, admitted and admitted in the last minute; holds active; the rate",
        description:
          "One room per opening: the offering's own (tierId null) and each tier's with an opening of its own. waiting: in the room, not yet through; admitted: through so far; admittedLastMinute: first seen through in the last minute. holdsActive: members whose chosen bottles are held now. Never cached (the dashboard polls it).",
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffWaitingRoomSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return room.staffView(request.tenant.id, request.params.offeringId);
    },
  );

  app.put(
    '/staff/offerings/:offeringId/admission-rate',
    {
      schema: {
        tags: ['staff'],
        summary: "Changes an offering's admission rate live (members a minute; null: no waiting room)",
        description:
          'Every room is first advanced at the old rate up to now, in the same transaction: members already through stay through, and the new rate counts from now. 1 to 100,000 a minute (admissionRateRange).',
        headers: TenantHeadersSchema,
        params: OfferingIdParamsSchema,
        body: AdmissionRateInputSchema,
        security: STAFF_SECURITY,
        response: { 200: StaffWaitingRoomSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => room.setRate(actor(request), request.params.offeringId, request.body),
  );
};
