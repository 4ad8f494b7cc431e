import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CommunicationPreferencesSchema, createProfileSchema, CustomerCollectionParamsSchema, CustomerParamsSchema, CustomerSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { CustomersService } from './customers.service.js';

export interface CustomersRoutesOptions {
  customers: CustomersService;
  /** MINIMUM_AGE: the profile's date of birth is checked against it, as the form does. */
  minimumAge: number;
  now: () => Date;
}

export const customersRoutes: FastifyPluginAsyncZod<CustomersRoutesOptions> = async (app, { customers, minimumAge, now }) => {
  app.get(
    '/customer/:customerId',
    {
      schema: {
        tags: ['customer'],
        summary: "The signed-in member's own record",
        headers: TenantHeadersSchema,
        params: CustomerParamsSchema,
        response: { 200: CustomerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      customers.getOwnCustomer(request.tenant.id, request.params.customerId),
  );

  app.put(
    '/customer/:customerId',
    {
      schema: {
        tags: ['customer'],
        summary: "Update the signed-in member's profile",
        description:
          'The e-mail is stored lowercased and the phone number in international form for its country. An e-mail another member of this producer uses answers 409 with the field error emailInUse.',
        headers: TenantHeadersSchema,
        params: CustomerParamsSchema,
        body: createProfileSchema({ minimumAge, now }),
        response: { 200: CustomerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      customers.updateProfile(request.tenant.id, request.params.customerId, request.body),
  );

  app.get(
    '/:tenant/customer/:customerId/communication',
    {
      schema: {
        tags: ['customer'],
        summary: 'Which e-mails the member receives beyond the transactional ones',
        description:
          'Offering invitations, reminders before an offering closes, and news between offerings; all on for a new member. Orders, sign-in and password e-mails always go.',
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        response: { 200: CommunicationPreferencesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => customers.getPreferences(request.tenant.id, request.params.customerId),
  );

  app.put(
    '/:tenant/customer/:customerId/communication',
    {
      schema: {
        tags: ['customer'],
        summary: "Set which e-mails the member receives beyond the transactional ones",
        description:
          'All three switches at once. Staff invitations and reminders skip a member who turned them off (the console shows them as opted out), and every such e-mail carries a one-click unsubscribe link.',
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        body: CommunicationPreferencesSchema,
        response: { 200: CommunicationPreferencesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => customers.updatePreferences(request.tenant.id, request.params.customerId, request.body),
  );
};
