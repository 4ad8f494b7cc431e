import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Collects every route's zod schemas into an OpenAPI 3 document, served at GET /v1/openapi.json. */
async function openApiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Winery members commerce API',
        description:
          'Every call names its producer in the `tenant` header. Member calls send `Authorization: <token>`, the raw token returned by sign-in, with no scheme word.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          memberToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
          staffToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A staff token from POST /v1/staff/login' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

export default fp(openApiPlugin, { name: 'openapi' });
