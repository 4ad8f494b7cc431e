import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MemberListQuerySchema,
  MemberParamsSchema,
  StaffMemberCreateSchema,
  StaffMemberDetailSchema,
  StaffMemberInputSchema,
  StaffMemberPageSchema,
  type MemberListQuery,
} from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { decodeCursor, toPage } from '../../shared/pagination.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { exportMembers } from './members-export.js';
import type { MembersRepository } from './members.repository.js';
import type { MembersService } from './members.service.js';
import type { Database } from '../../db/database.js';

const tags = ['staff'];
const actor = (request: { tenant: { id: string }; staff: { staffUserId: string } }) => ({ tenantId: request.tenant.id, staff: request.staff });

/** The console's members: the list and its pickers, a member's page, and staff's changes to a member. */
export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersRepository; service: MembersService; db: Database; now: () => Date }> = async (
  app,
  { members, service, db, now },
) => {
  async function page(tenantId: string, query: MemberListQuery) {
    const after = decodeCursor(query.cursor, 3);
    const rows = await members.page(tenantId, { ...query, after, limit: query.limit + 1 }, now());
    return toPage(
      rows,
      query.limit,
      (row) => [row.lastName, row.firstName, row.id],
      ({ deactivatedAt, ...row }) => ({ ...row, allocated: Boolean(row.allocated), active: deactivatedAt === null }),
    );
  }

  app.get(
    '/staff/members',
    {
      schema: {
        tags,
        summary: 'Members, by last name (a page): q searches names, e-mail and phone',
        description:
          'Filters: tierId, countryCode and stateCode (of any saved address), active (true/false), orderedInLastOffering (true/false: the latest published offering that has started). With offeringId, allocated says whether each member has an allocation in that offering.',
        headers: TenantHeadersSchema,
        querystring: MemberListQuerySchema,
        response: { 200: StaffMemberPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => page(request.tenant.id, request.query),
  );

  app.get(
    '/staff/members.csv',
    {
      schema: {
        tags,
        summary: 'The members matching the same filters as the list, as a CSV file the member import reads back',
        description: 'Streamed a thousand members at a time. Columns: first_name, last_name, email, phone, date_of_birth, tier, member_since, address1, address2, city, state, zip, country, active.',
        headers: TenantHeadersSchema,
        querystring: MemberListQuerySchema.omit({ limit: true, cursor: true, offeringId: true }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="members.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(exportMembers(db, request.tenant.id, request.query, now())) as unknown as string),
  );

  app.get(
    '/staff/members/:customerId',
    {
      schema: {
        tags,
        summary: "A member's page: profile, addresses, allocations offered and taken, wishes, orders and e-mailed links",
        description: 'Links list their purpose and when they were sent, expire and were used; never the token.',
        headers: TenantHeadersSchema,
        params: MemberParamsSchema,
        response: { 200: StaffMemberDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.detail(request.tenant.id, request.params.customerId),
  );

  app.post(
    '/staff/members',
    {
      schema: {
        tags,
        summary: 'Add a member (no password: send them an invitation or an account link)',
        description:
          'address, when given, is saved as their default shipping and billing address. An e-mail already in use answers 409 on the email field; an unknown tierId 400 on tierId.',
        headers: TenantHeadersSchema,
        body: StaffMemberCreateSchema,
        response: { 201: StaffMemberDetailSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(actor(request), request.body)),
  );

  app.put(
    '/staff/members/:customerId',
    {
      schema: {
        tags,
        summary: "Edit a member's profile, tier and member-since date",
        description: 'tierId left out keeps the tier; null takes the member out of any tier.',
        headers: TenantHeadersSchema,
        params: MemberParamsSchema,
        body: StaffMemberInputSchema,
        response: { 200: StaffMemberDetailSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => service.update(actor(request), request.params.customerId, request.body),
  );

  app.post(
    '/staff/members/:customerId/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate a member: signed out everywhere, their links stop working, no sign-in and no invitation',
        description: 'Idempotent. Their orders and history stay.',
        headers: TenantHeadersSchema,
        params: MemberParamsSchema,
        response: { 200: StaffMemberDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.deactivate(actor(request), request.params.customerId),
  );

  app.post(
    '/staff/members/:customerId/reactivate',
    {
      schema: {
        tags,
        summary: 'Let a deactivated member sign in and be invited again',
        description: 'Idempotent.',
        headers: TenantHeadersSchema,
        params: MemberParamsSchema,
        response: { 200: StaffMemberDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.reactivate(actor(request), request.params.customerId),
  );
};
