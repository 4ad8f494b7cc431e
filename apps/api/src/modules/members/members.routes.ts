import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberListQuerySchema, StaffMemberPageSchema, TierListSchema, type MemberListQuery } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { MembersRepository } from './members.repository.js';

/** The console's member pickers ("add a member") and the tiers to filter by. */
export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersRepository }> = async (app, { members }) => {
  async function page(tenantId: string, query: MemberListQuery) {
    const after = decodeCursor(query.cursor, 3);
    const rows = await members.page(tenantId, { ...query, after, limit: query.limit + 1 });
    return toPage(rows, query.limit, (row) => [row.lastName, row.firstName, row.id], (row) => ({ ...row, allocated: Boolean(row.allocated) }));
  }

  app.get(
    '/staff/members',
    {
      schema: {
        tags: ['staff'],
        summary: 'Members, by last name (a page): q searches names and e-mail, tierId filters',
        description: 'With offeringId, allocated says whether each member has an allocation in that offering.',
        headers: TenantHeadersSchema,
        querystring: MemberListQuerySchema,
        security: STAFF_SECURITY,
        response: { 200: StaffMemberPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => page(request.tenant.id, request.query),
  );

  app.get(
    '/staff/tiers',
    {
      schema: {
        tags: ['staff'],
        summary: "The winery's membership tiers, most senior first",
        headers: TenantHeadersSchema,
        security: STAFF_SECURITY,
        response: { 200: TierListSchema, ...errorResponses(401) },
      },
    },
    async (request) => members.tiers(request.tenant.id),
  );
};
