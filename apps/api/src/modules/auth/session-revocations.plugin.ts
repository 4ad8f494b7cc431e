import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { sessionCache, type SessionRevocation } from './session-cache.js';

export interface SessionRevocationsOptions {
  /** REDIS_URL; without it each instance keeps its cache to itself (bounded by SESSION_CACHE_MS). */
  redisUrl?: string | null;
  /** The Redis channel; tests give each run its own. */
  channel?: string;
}

export const SESSION_REVOCATIONS_CHANNEL = 'winery:session-revocations';

const AUDIENCES = new Set(['member', 'staff']);

/** A message from another instance, checked before anything is dropped because of it. */
function parse(message: string): (SessionRevocation & { origin: string }) | undefined {
  try {
    const value = JSON.parse(message) as Record<string, unknown>;
    if (typeof value.origin !== 'string' || typeof value.audience !== 'string' || !AUDIENCES.has(value.audience)) return undefined;
    const audience = value.audience as SessionRevocation['audience'];
    if (typeof value.sessionId === 'string') return { origin: value.origin, audience, sessionId: value.sessionId };
    if (typeof value.subjectId === 'string') return { origin: value.origin, audience, subjectId: value.subjectId };
  } catch {
    // not one of ours
  }
  return undefined;
}

/**
 * With REDIS_URL, the instances tell each other which sessions were revoked (ADR 026): a session
 * another instance has cached as live stops working there at once, not within SESSION_CACHE_MS.
 * Pub/sub is fire-and-forget: a message lost while an instance is reconnecting leaves it the
 * cache's own bound. Like the rate limiter, the instance does not start without its Redis.
 */
async function sessionRevocationsPlugin(app: FastifyInstance, options: SessionRevocationsOptions) {
  if (!options.redisUrl) return;
  const channel = options.channel ?? SESSION_REVOCATIONS_CHANNEL;
  const origin = randomUUID();
  const publisher = new Redis(options.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  // The subscriber reconnects and subscribes again by itself after a drop.
  const subscriber = new Redis(options.redisUrl, { connectTimeout: 2_000, lazyConnect: true });
  for (const client of [publisher, subscriber]) client.on('error', (error) => app.log.warn({ err: error }, 'session revocations (Redis) error'));
  subscriber.on('message', (from, message) => {
    const revocation = from === channel ? parse(message) : undefined;
    // Our own revocations were applied when they were made.
    if (revocation && revocation.origin !== origin) {
      const { origin: _origin, ...rest } = revocation;
      sessionCache.apply(rest);
    }
  });
  await publisher.connect();
  await subscriber.connect();
  await subscriber.subscribe(channel);
  const stop = sessionCache.broadcastTo((revocation) => {
    publisher.publish(channel, JSON.stringify({ origin, ...revocation })).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not tell the other instances of a revoked session');
    });
  });
  app.addHook('onClose', async () => {
    stop();
    await Promise.allSettled([subscriber.quit(), publisher.quit()]);
  });
}

export default fp(sessionRevocationsPlugin, { name: 'session-revocations' });
