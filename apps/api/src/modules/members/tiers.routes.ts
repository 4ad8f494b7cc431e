import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MemberTierMovedSchema, MemberTierMoveSchema, TierInputSchema, TierListSchema, TierParamsSchema, TierSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { MembersRepository } from './members.repository.js';
import type { TiersService } from './tiers.service.js';

const tags = ['staff'];
const actor = (request: { tenant: { id: string }; staff: { staffUserId: string } }) => ({ tenantId: request.tenant.id, staff: request.staff });

/** The winery's tiers, and moving members between them (issue 14, item 3). */
export const tiersRoutes: FastifyPluginAsyncZod<{ members: MembersRepository; tiers: TiersService }> = async (app, { members, tiers }) => {
  app.get(
    '/staff/tiers',
    {
      schema: {
        tags,
        summary: "The winery's membership tiers, most senior first",
        headers: TenantHeadersSchema,
        response: { 200: TierListSchema },
      },
    },
    async (request) => members.tiers(request.tenant.id),
  );

  app.post(
    '/staff/tiers',
    {
      schema: {
        tags,
        summary: 'Add a tier (name, rank: 1 is the most senior)',
        description: 'A name already used answers 409 on the name field.',
        headers: TenantHeadersSchema,
        body: TierInputSchema,
        response: { 201: TierSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await tiers.create(actor(request), request.body)),
  );

  app.put(
    '/staff/tiers/:tierId',
    {
      schema: {
        tags,
        summary: 'Rename a tier or change its rank',
        headers: TenantHeadersSchema,
        params: TierParamsSchema,
        body: TierInputSchema,
        response: { 200: TierSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => tiers.update(actor(request), request.params.tierId, request.body),
  );

  app.delete(
    '/staff/tiers/:tierId',
    {
      schema: {
        tags,
        summary: 'Remove a tier; its members are then in no tier',
        headers: TenantHeadersSchema,
        params: TierParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await tiers.remove(actor(request), request.params.tierId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/members/tier',
    {
      schema: {
        tags,
        summary: 'Move members into a tier (tierId null: out of any tier), in one transaction',
        description: 'An id that is not a member answers 400 naming it (customerIds.N) and nothing changes. updated counts the members whose tier changed.',
        headers: TenantHeadersSchema,
        body: MemberTierMoveSchema,
        response: { 200: MemberTierMovedSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => tiers.move(actor(request), request.body),
  );
};
