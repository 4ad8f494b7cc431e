import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BottleVerificationResultSchema } from '@winery/domain';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { BottleCheckBodySchema } from './bottles.schemas.js';
import type { BottlesService } from './bottles.service.js';

/** The public check of /bottle-verification: no sign-in, limited per network. */
export const bottlesRoutes: FastifyPluginAsyncZod<{ bottles: BottlesService }> = async (app, { bottles }) => {
  const { perMinute, perDay } = bottles.limits;
  app.post(
    '/bottle-verification',
    {
      schema: {
        tags: ['bottles'],
        summary: 'Verify a bottle by the ID on its label',
        description: [
          'A registered ID answers its wine, vintage, size and bottle number, when it was first verified and how many times (this check included).',
          "An unknown ID answers 404 'This Bottle ID is not valid.'; an empty or malformed one 400 with the field message — after the same lookup, so both take as long.",
          `Every check is recorded with a coarse origin (network prefix; country from cf-ipcountry only behind a trusted proxy). At most ${perMinute.max} checks per ${perMinute.windowMs / 1000} s and ${perDay.max} per ${perDay.windowMs / 3_600_000} h per IPv4 address or IPv6 /64 (429 with Retry-After).`,
        ].join(' '),
        headers: TenantHeadersSchema,
        body: BottleCheckBodySchema,
        response: { 200: BottleVerificationResultSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [app.requireTenant],
    },
    async (request) =>
      bottles.verify({
        tenantId: request.tenant.id,
        bottleId: request.body?.bottleId,
        ip: request.ip,
        countryHeader: request.headers['cf-ipcountry'] as string | string[] | undefined,
      }),
  );
};
