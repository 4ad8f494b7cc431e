import { readFile, stat } from 'node:fs/promises';
import { join, posix, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DAY_MS, HOUR_MS, isClientRoute } from '@winery/domain';
import { ApiError } from '../shared/api-error.js';
import { API_MESSAGES } from '../shared/api-messages.js';
import { hashHtmlFiles, inlineScriptHashes } from './inline-script-hashes.js';

const SPA_FALLBACK = '__spa-fallback.html';
const NOT_FOUND_PAGE = join('404', 'index.html');
const YEAR_MS = 365 * DAY_MS;

const isFile = async (path: string) => {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
};

/**
 * The web build ships brotli and gzip twins of its text files (apps/web/scripts/precompress.mjs);
 * this picks the best one the browser accepts, so nothing is compressed per request.
 */
async function precompressed(request: FastifyRequest, file: string): Promise<{ path: string; encoding?: 'br' | 'gzip' }> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted) && (await isFile(`${file}.br`))) return { path: `${file}.br`, encoding: 'br' };
  if (/\bgzip\b/.test(accepted) && (await isFile(`${file}.gz`))) return { path: `${file}.gz`, encoding: 'gzip' };
  return { path: file };
}

/**
 * Serves the built web app from the API's origin (ARCHITECTURE, "things learnt"): a prerendered
 * page at `<route>/index.html`, then a real file, then the SPA fallback for client-only routes,
 * then the 404 page with status 404. `/v1/*` never falls through to HTML.
 */
async function staticWebPlugin(app: FastifyInstance, options: { webRoot: string }) {
  const root = resolve(options.webRoot);
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  // Each page's Content Security Policy admits exactly its own inline scripts (security.plugin.ts),
  // hashed once at start; a page added to the folder later is hashed when first asked for.
  const scriptHashes = await hashHtmlFiles(root);
  const hashesOf = async (file: string) => {
    let hashes = scriptHashes.get(file);
    if (!hashes) {
      hashes = inlineScriptHashes(await readFile(file, 'utf8'));
      scriptHashes.set(file, hashes);
    }
    return hashes;
  };

  /** Sends a file read whole (HTML, page data), compressed when a twin exists. */
  const sendText = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    statusCode: number,
    type: string,
  ) => {
    const { path, encoding } = await precompressed(request, file);
    if (encoding) reply.header('content-encoding', encoding);
    return (
      reply
        .code(statusCode)
        .type(type)
        .header('vary', 'accept-encoding')
        // HTML and page data name the hashed assets of the current build: revalidate every time.
        .header('cache-control', 'no-cache')
        .send(await readFile(path))
    );
  };
  const sendHtml = async (request: FastifyRequest, reply: FastifyReply, file: string, statusCode: number) => {
    reply.allowInlineScripts(await hashesOf(file));
    return sendText(request, reply, file, statusCode, 'text/html; charset=utf-8');
  };

  /** Maps a URL path to a file path inside root, or null if it escapes root or is hidden. */
  const inside = (relative: string): string | null => {
    const full = resolve(root, `.${relative}`);
    return full === root || full.startsWith(root + sep) ? full : null;
  };

  app.get('/*', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const rawPath = request.url.split('?')[0] ?? '/';
    if (rawPath === '/v1' || rawPath.startsWith('/v1/')) {
      throw new ApiError('notFound', API_MESSAGES.routeNotFound);
    }

    let pathname: string | null = null;
    try {
      const decoded = decodeURIComponent(rawPath);
      const normalised = posix.normalize(decoded);
      const hidden = normalised.split('/').some((segment) => segment.startsWith('.'));
      if (!decoded.includes('\0') && !decoded.includes('\\') && !hidden) pathname = normalised;
    } catch {
      // Malformed percent-encoding: treated as an unknown page.
    }

    if (pathname !== null) {
      // A file first, then a page's index.html: a path is never both, so the order changes no
      // answer, and a script, style or picture (most requests, a page asks for dozens) is found
      // with one stat instead of a failed one before it.
      const file = inside(pathname);
      if (file && (await isFile(file))) {
        if (file.endsWith('.html')) return sendHtml(request, reply, file, 200);
        if (file.endsWith('.data')) {
          // A prerendered page's data (React Router single fetch, turbo-stream encoded): the type
          // React Router's own server sends, and revalidated like the HTML it belongs to.
          return sendText(request, reply, file, 200, 'text/x-script');
        }
        const relative = file.slice(root.length + 1).split(sep).join('/');
        // Files under assets/ carry a content hash in their name, so they never change.
        const hashed = relative.startsWith('assets/');
        return reply.sendFile(relative, root, {
          maxAge: hashed ? YEAR_MS : HOUR_MS,
          immutable: hashed,
        });
      }

      const pageIndex = inside(posix.join(pathname, 'index.html'));
      if (pageIndex && (await isFile(pageIndex))) return sendHtml(request, reply, pageIndex, 200);

      const withoutSlash = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const fallback = join(root, SPA_FALLBACK);
      if (isClientRoute(withoutSlash) && (await isFile(fallback))) return sendHtml(request, reply, fallback, 200);
    }

    const notFound = join(root, NOT_FOUND_PAGE);
    if (await isFile(notFound)) return sendHtml(request, reply, notFound, 404);
    return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Page not found');
  });
}

export default fp(staticWebPlugin, { name: 'static-web', dependencies: ['security'] });
