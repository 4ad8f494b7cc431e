import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../shared/api-error.js';
import { API_MESSAGES } from '../shared/api-messages.js';

export interface GlobalRateLimitOptions {
  /** Requests per IP per window on API routes. Static files are not counted. */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_GLOBAL_RATE_LIMIT: GlobalRateLimitOptions = { max: 600, timeWindowMs: 60_000 };

/**
 * A coarse per-IP ceiling on every API route, kept in memory. Failed sign-ins have their own,
 * stricter limits in the database (modules/auth).
 */
async function rateLimitPlugin(app: FastifyInstance, options: GlobalRateLimitOptions) {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.timeWindowMs,
    errorResponseBuilder: () => new ApiError('rateLimited', API_MESSAGES.rateLimited),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
