import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createFoundersListSchema, createJoinAllocationSchema, PlaceInLineInputSchema, PlaceInLineSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { JoinRequestCreatedSchema } from './joining.schemas.js';
import type { JoiningService } from './joining.service.js';
import type { PlaceService } from './place-in-line.js';

export interface JoiningRoutesOptions {
  joining: JoiningService;
  place: PlaceService;
  /** MINIMUM_AGE: the date of birth is checked against it, as the form does. */
  minimumAge: number;
  now: () => Date;
}

const DESCRIPTION =
  "Stored for staff to decide, and acknowledged by e-mail. An e-mail address a member or a pending request (of either kind) already uses answers 409 with the field error emailInUse ('This email address is already in use.'). Limited per e-mail address and per IP (429 with Retry-After and the wait in words).";

/** Prospects asking to join: the allocation list (/allocation) and the Founder's List. */
export const joiningRoutes: FastifyPluginAsyncZod<JoiningRoutesOptions> = async (app, { joining, place, minimumAge, now }) => {
  app.post(
    '/allocation-request',
    {
      schema: {
        tags: ['joining'],
        summary: 'Ask to join the allocation list (Join Allocation)',
        description: DESCRIPTION,
        headers: TenantHeadersSchema,
        body: createJoinAllocationSchema({ minimumAge, now }),
        response: { 201: JoinRequestCreatedSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request, reply) =>
      reply.code(201).send(await joining.submit(request.tenant.id, 'allocation', request.body, request.ip)),
  );

  app.post(
    '/founders-list',
    {
      schema: {
        tags: ['joining'],
        summary: "Ask to join the Founder's List, with an ideal allocation",
        description: DESCRIPTION,
        headers: TenantHeadersSchema,
        body: createFoundersListSchema({ minimumAge, now }),
        response: { 201: JoinRequestCreatedSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request, reply) =>
      reply.code(201).send(await joining.submit(request.tenant.id, 'founders-list', request.body, request.ip)),
  );

  app.post(
    '/allocation-request/place',
    {
      schema: {
        tags: ['joining'],
        summary: "A prospect's place in line, from the link in their request's acknowledgement",
        description:
          "No sign-in: the token (from the e-mailed link's fragment, sent in the body so no log keeps it) names one request and lasts 180 days. Answers the request's kind and status, its 1-based position among pending requests of its kind by request time, and an estimate from the prospects the winery admitted in its last three offerings' periods (null without that history). An altered, expired, another producer's or unknown token: 400 placeLinkInvalid on the token field, the same answer for each. Limited per network (429 with Retry-After); tokens that do not work also spend the network's budget of bad links.",
        headers: TenantHeadersSchema,
        body: PlaceInLineInputSchema,
        response: { 200: PlaceInLineSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) => place.lookUp(request.tenant.id, request.body.token, request.ip),
  );
};
