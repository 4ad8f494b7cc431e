import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for the API and the web app it serves from the same origin. React Router's
 * prerendered pages carry inline module scripts (the hydration context), hence 'unsafe-inline'
 * for scripts; everything else is same-origin only.
 */
export interface SecurityOptions {
  /** Origins of configured third-party scripts (analytics, error reporting; see site-config). */
  extraScriptSrc?: string[];
  /** Origins those services send their data to. */
  extraConnectSrc?: string[];
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions = {}) {
  await app.register(helmet, {
    // Our own pages learn where a visitor came from (analytics' previous location on brochure
    // pages); other sites learn nothing, not even the origin of a page whose path holds a token.
    referrerPolicy: { policy: 'same-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'", ...(options.extraScriptSrc ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.extraConnectSrc ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
}

export default fp(securityPlugin, { name: 'security' });
