import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { ApiError } from '../shared/api-error.js';
import { API_MESSAGES } from '../shared/api-messages.js';

export interface GlobalRateLimitOptions {
  /** Requests per IP per window on API routes. Static files are not counted. */
  max: number;
  timeWindowMs: number;
  /**
   * Redis shared by every API instance (REDIS_URL). Without it the counters live in this
   * process's memory, which is right for one instance only.
   */
  redisUrl?: string | null;
  /** Key prefix in Redis; tests give each run its own. */
  redisNamespace?: string;
}

export const DEFAULT_GLOBAL_RATE_LIMIT: GlobalRateLimitOptions = { max: 600, timeWindowMs: 60_000 };

/** `/v1` and everything under it: the API, known route or not. */
const isApiPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return path === '/v1' || path.startsWith('/v1/');
};

/**
 * A coarse per-IP ceiling on every API route, and on every other `/v1` URL too: an unknown path
 * is answered by the web app's catch-all route (which static files keep unlimited) or by the
 * not-found handler, and must not be a free way to probe the server. Sign-ins, links and the
 * other costly actions have their own, stricter limits in the database (shared/attempt-counter).
 */
async function rateLimitPlugin(app: FastifyInstance, options: GlobalRateLimitOptions) {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // Fail fast rather than queue: a request must not hang because Redis is away.
    redis = new Redis(options.redisUrl, {
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) error'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.timeWindowMs,
    ...(redis ? { redis, nameSpace: options.redisNamespace ?? 'winery-rate-limit-', skipOnError: true } : {}),
    errorResponseBuilder: () => new ApiError('rateLimited', API_MESSAGES.rateLimited),
  });
  // Runs before any route's own hook; the limiter marks the request, so it is counted once.
  const limitApiPath = app.rateLimit();
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) await limitApiPath.call(app, request, reply);
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
