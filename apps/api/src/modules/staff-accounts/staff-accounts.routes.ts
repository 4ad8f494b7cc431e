import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PageQuerySchema,
  pageOf,
  SetPasswordSchema,
  StaffAccountInviteSchema,
  StaffAccountParamsSchema,
  StaffAccountSchema,
  StaffAccountUpdateSchema,
  StaffUserSchema,
} from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { StaffAccountsService } from './staff-accounts.service.js';

const ADMIN = { staffRole: 'admin' } as const;
const tags = ['staff'];

const StaffSignedInSchema = z.object({
  token: z.string().describe('A staff token, the same as POST /v1/staff/login answers (12 hours)'),
  staff: StaffUserSchema,
});

/** Staff accounts (admin only) and the invited colleague's first password (issue 14, item 7). */
export const staffAccountsRoutes: FastifyPluginAsyncZod<{ accounts: StaffAccountsService }> = async (app, { accounts }) => {
  app.get(
    '/staff/accounts',
    {
      schema: {
        tags,
        summary: 'The winery team: every staff account, by e-mail',
        headers: TenantHeadersSchema,
        querystring: PageQuerySchema,
        response: { 200: pageOf(StaffAccountSchema), ...errorResponses(400, 404) },
      },
      config: ADMIN,
    },
    async (request) => accounts.list(request.tenant.id, request.query),
  );

  app.post(
    '/staff/accounts',
    {
      schema: {
        tags,
        summary: 'Invite a colleague: e-mails them a link to create their password (72 hours, once)',
        description: 'An e-mail already on the team answers 409 with emailInUse on the email field.',
        headers: TenantHeadersSchema,
        body: StaffAccountInviteSchema,
        response: { 201: StaffAccountSchema, ...errorResponses(400, 404, 409) },
      },
      config: ADMIN,
    },
    async (request, reply) => reply.code(201).send(await accounts.invite(request.tenant.id, request.staff, request.body)),
  );

  app.put(
    '/staff/accounts/:staffUserId',
    {
      schema: {
        tags,
        summary: "Change a colleague's role",
        description: 'It applies to their next request. Demoting oneself, or the last active admin, answers 409.',
        headers: TenantHeadersSchema,
        params: StaffAccountParamsSchema,
        body: StaffAccountUpdateSchema,
        response: { 200: StaffAccountSchema, ...errorResponses(400, 404, 409) },
      },
      config: ADMIN,
    },
    async (request) => accounts.changeRole(request.tenant.id, request.staff, request.params.staffUserId, request.body.role),
  );

  app.post(
    '/staff/accounts/:staffUserId/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate a colleague: their sessions and invitation end at once and they cannot sign in',
        description: 'Idempotent. Deactivating oneself, or the last active admin, answers 409. Their past actions stay in the audit trail.',
        headers: TenantHeadersSchema,
        params: StaffAccountParamsSchema,
        response: { 200: StaffAccountSchema, ...errorResponses(400, 404, 409) },
      },
      config: ADMIN,
    },
    async (request) => accounts.deactivate(request.tenant.id, request.staff, request.params.staffUserId),
  );

  app.post(
    '/staff/accounts/:staffUserId/reactivate',
    {
      schema: {
        tags,
        summary: 'Let a deactivated colleague sign in again',
        headers: TenantHeadersSchema,
        params: StaffAccountParamsSchema,
        response: { 200: StaffAccountSchema, ...errorResponses(400, 404) },
      },
      config: ADMIN,
    },
    async (request) => accounts.reactivate(request.tenant.id, request.staff, request.params.staffUserId),
  );

  app.post(
    '/staff/accounts/:staffUserId/invitation',
    {
      schema: {
        tags,
        summary: 'E-mail an invited colleague a fresh create-password link; the earlier one stops working',
        description: 'Only while they have not created a password (409 otherwise, and for a deactivated account).',
        headers: TenantHeadersSchema,
        params: StaffAccountParamsSchema,
        response: { 202: StaffAccountSchema, ...errorResponses(400, 404, 409) },
      },
      config: ADMIN,
    },
    async (request, reply) => reply.code(202).send(await accounts.resendInvitation(request.tenant.id, request.staff, request.params.staffUserId)),
  );

  app.post(
    '/staff/create-password',
    {
      schema: {
        tags,
        summary: 'An invited colleague creates their password from the e-mailed link, and is signed in',
        description:
          "Open without a staff token (the link is the proof). The link works once, for 72 hours, and not for a deactivated account; otherwise 400 linkInvalid on the token field. Bad links count against the IP like members' links (429). A common password answers 400 passwordTooCommon and leaves the link usable.",
        headers: TenantHeadersSchema,
        body: SetPasswordSchema,
        response: { 200: StaffSignedInSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) => accounts.createPassword(request.tenant.id, request.body, request.ip),
  );
};
