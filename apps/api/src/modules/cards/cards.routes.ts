import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CardListSchema, CardParamsSchema, CardSchema, createCardInputSchema, CustomerCollectionParamsSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { CardsService } from './cards.service.js';

export const cardsRoutes: FastifyPluginAsyncZod<{ cards: CardsService; now: () => Date }> = async (app, { cards, now }) => {
  app.get(
    '/:tenant/customer/:customerId/card',
    {
      schema: {
        tags: ['card'],
        summary: "The member's saved cards: brand, last four digits, expiry, holder",
        description: 'The preferred card first, then the newest.',
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        response: { 200: CardListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cards.list(request.tenant.id, request.params.customerId),
  );

  app.post(
    '/:tenant/customer/:customerId/card',
    {
      schema: {
        tags: ['card'],
        summary: 'Save a card through the payment gateway',
        description:
          'The card number and security code go to the payment gateway only; the API keeps its token, the brand, last four digits, expiry and holder name. A declined card answers 400 with field error cardDeclined, a card the gateway cannot process cardUnprocessable. The first card becomes preferred. At most 10 cards per member (409); at most 10 tries per member per hour (429).',
        headers: TenantHeadersSchema,
        params: CustomerCollectionParamsSchema,
        body: createCardInputSchema({ now }),
        response: { 201: CardSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const created = await cards.create(request.tenant.id, request.params.customerId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/:tenant/customer/:customerId/card/:cardId',
    {
      schema: {
        tags: ['card'],
        summary: 'Remove a saved card (also at the gateway)',
        description: 'If it was the preferred card, the newest remaining card becomes preferred.',
        headers: TenantHeadersSchema,
        params: CardParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await cards.remove(request.tenant.id, request.params.customerId, request.params.cardId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:tenant/customer/:customerId/card/:cardId/default',
    {
      schema: {
        tags: ['card'],
        summary: 'Make a saved card the preferred (default) card',
        description: 'The previously preferred card loses the flag. No request body.',
        headers: TenantHeadersSchema,
        params: CardParamsSchema,
        response: { 200: CardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      cards.setPreferred(request.tenant.id, request.params.customerId, request.params.cardId),
  );
};
