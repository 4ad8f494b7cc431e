import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WineIdParamsSchema, WineImageInputSchema, WineImageParamsSchema, WineImageQuerySchema, WineImageSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { WineImagesService } from './wine-images.service.js';

/** An upload is sent as base64 in JSON (a third larger than the file); the 5 MB rule is the service's. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

/** A picture whose address carries its hash never changes: browsers keep it for a year without asking. */
const FOREVER = 'public, max-age=31536000, immutable';
/** An address without the hash (or with an old one) may show another picture tomorrow: ask each time. */
const REVALIDATE = 'public, no-cache';
/**
 * SVG is a document that could carry script: served alone, it may run nothing, load nothing and
 * is sandboxed. (Uploads are never SVG; the table allows it for artwork put there by the winery.)
 */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const wineImagesRoutes: FastifyPluginAsyncZod<{ images: WineImagesService }> = async (app, { images }) => {
  const actor = (request: { tenant: { id: string }; staff: { staffUserId: string } }) => ({ tenantId: request.tenant.id, staff: request.staff });

  // Public, and without the tenant header every other route takes: an <img> cannot send headers,
  // so the tenant is in the path, and every query filters by it.
  app.get(
    '/:tenant/wines/:wineId/image/:variant',
    {
      schema: {
        tags: ['wines'],
        summary: "One width of a wine's picture",
        description:
          'The bytes of the picture (WebP for uploads). With `v` equal to its hash (the address pages get from the offering or the ' +
          'staff wine), it may be cached for good; otherwise it is revalidated by its ETag. Another tenant’s wine answers 404.',
        params: WineImageParamsSchema,
        querystring: WineImageQuerySchema,
        produces: ['image/webp', 'image/png', 'image/jpeg', 'image/svg+xml'],
        response: { 200: z.string().describe('the picture’s bytes'), 304: z.null().describe('Not modified'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { tenant, wineId, variant } = request.params;
      const stored = await images.variant(tenant, wineId, variant);
      const etag = `"${stored.etag}"`;
      reply
        .header('cache-control', request.query.v === stored.etag ? FOREVER : REVALIDATE)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin');
      if (stored.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
      const known = String(request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
      if (known.includes(etag)) return reply.code(304).send(null);
      // Bytes, which Fastify sends as they are (the 200 schema only documents them).
      const bytes = Buffer.from(stored.data.buffer, stored.data.byteOffset, stored.data.byteLength);
      return reply.type(stored.contentType).send(bytes as unknown as string);
    },
  );

  app.put(
    '/staff/wines/:wineId/image',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['staff'],
        summary: "Upload a wine's picture, or change its alt text",
        description:
          'PNG, JPEG or WebP, at most 5 MB, as base64 in `data`; it is checked by its bytes, turned upright, stripped of its ' +
          'metadata and kept as WebP in a few widths. Without `data`, only the alt text of the picture already there changes.',
        headers: TenantHeadersSchema,
        params: WineIdParamsSchema,
        body: WineImageInputSchema,
        security: STAFF_SECURITY,
        response: { 200: WineImageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => images.put(actor(request), request.params.wineId, request.body),
  );

  app.delete(
    '/staff/wines/:wineId/image',
    {
      schema: {
        tags: ['staff'],
        summary: "Remove a wine's picture",
        description: 'Pages show the estate’s artwork for the wine again. A wine without a picture answers 204 as well.',
        headers: TenantHeadersSchema,
        params: WineIdParamsSchema,
        security: STAFF_SECURITY,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await images.remove(actor(request), request.params.wineId);
      return reply.code(204).send(null);
    },
  );
};
