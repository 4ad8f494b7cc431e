import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressInputSchema,
  AddressListSchema,
  AddressParamsSchema,
  AddressSchema,
  ChooseAddressSchema,
  CustomerCollectionParamsSchema,
} from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { AddressesService } from './addresses.service.js';

export const addressesRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService }> = async (app, { addresses }) => {
  app.get(
    '/:tenant/customer/:customerId/address',
    {
      schema: {
        tags: ['address'],
        summary: "The member's saved addresses",
        description: 'Default shipping first, then default billing, then the newest.',
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        response: { 200: AddressListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => addresses.list(request.tenant.id, request.params.customerId),
  );

  app.post(
    '/:tenant/customer/:customerId/address',
    {
      schema: {
        tags: ['address'],
        summary: 'Save a new address',
        description:
          "The first address becomes the default shipping and billing address. A default flag moves the default from the previous address. Optional `recipientName` (who receives there when it is not the member) and `phone` (for the carrier; a national number is checked by the address's country, an international one by its own: phoneTenDigits, phoneInvalid; kept in international form). Any country may be saved (a billing address may be anywhere); checkout limits shipping to GET …/destinations. At most 20 addresses per member (409).",
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        body: AddressInputSchema,
        response: { 201: AddressSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await addresses.create(request.tenant.id, request.params.customerId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/:tenant/customer/:customerId/address/:addressId',
    {
      schema: {
        tags: ['address'],
        summary: 'Replace a saved address, its default flags, recipient and phone included',
        description: "A recipient or phone left out is removed. Another member's address answers 403, an unknown id 404.",
        headers: TenantHeadersSchema,
        params: AddressParamsSchema,
        body: AddressInputSchema,
        response: { 200: AddressSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      addresses.update(
        request.tenant.id,
        request.params.customerId,
        request.params.addressId,
        request.body,
      ),
  );

  app.delete(
    '/:tenant/customer/:customerId/address/:addressId',
    {
      schema: {
        tags: ['address'],
        summary: 'Remove a saved address',
        description: 'A default shipping or billing flag passes to the newest remaining address.',
        headers: TenantHeadersSchema,
        params: AddressParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await addresses.remove(request.tenant.id, request.params.customerId, request.params.addressId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:tenant/customer/:customerId/address/:addressId/default',
    {
      schema: {
        tags: ['address'],
        summary: 'Choose a saved address as the default shipping or billing address',
        description: 'The previous default of that purpose loses its flag.',
        headers: TenantHeadersSchema,
        params: AddressParamsSchema,
        body: ChooseAddressSchema,
        response: { 200: AddressSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      addresses.choose(
        request.tenant.id,
        request.params.customerId,
        request.params.addressId,
        request.body.purpose,
      ),
  );
};
