import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarkdownPreviewInputSchema, MarkdownPreviewSchema } from '@winery/domain';
import { STAFF_SECURITY, TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import { renderMarkdown } from './markdown.js';

/** The console's live preview of a letter or vintage notes: the renderer members get. */
export const markdownRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/staff/markdown-preview',
    {
      schema: {
        tags: ['staff'],
        summary: 'Render Markdown to the sanitised HTML members would read',
        description:
          'The same renderer as the letter and vintage notes members receive: raw HTML is dropped, and only paragraphs, h2–h4, emphasis, http(s)/mailto links, lists, quotes, rules and line breaks are kept. Nothing is stored.',
        headers: TenantHeadersSchema,
        body: MarkdownPreviewInputSchema,
        security: STAFF_SECURITY,
        response: { 200: MarkdownPreviewSchema, ...errorResponses(400, 401, 404) },
      },
      // It writes nothing: a viewer may preview too.
      config: { staffRole: 'viewer' },
    },
    async (request) => ({ html: renderMarkdown(request.body.markdown) }),
  );
};
