import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for the API and the web app it serves from the same origin. Scripts run only
 * from this origin, from the configured third-party origins, or — for the inline scripts a built
 * page carries (React Router's hydration context, our pre-paint head scripts) — when their SHA-256
 * is in that page's policy (static-web.plugin.ts hashes each page's own inline scripts).
 */
export interface SecurityOptions {
  /** Origins of configured third-party scripts (analytics, error reporting; see site-config). */
  extraScriptSrc?: string[];
  /** Origins those services send their data to. */
  extraConnectSrc?: string[];
}

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the site's policy with these `'sha256-…'` sources added to script-src. */
    allowInlineScripts(hashes: readonly string[]): FastifyReply;
  }
}

/**
 * Browser features the site never uses, off for its pages and anything they embed. Every name is
 * one Chromium recognises: an unknown one costs a console warning on every page.
 */
const FEATURES_OFF = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
export const PERMISSIONS_POLICY = FEATURES_OFF.map((feature) => `${feature}=()`).join(', ');

/** Helmet's default lifetime; sent only where the browser will honour it, over HTTPS. */
const HSTS = 'max-age=31536000; includeSubDomains';

export function contentSecurityPolicy(options: SecurityOptions, scriptHashes: readonly string[] = []): string {
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, ...(options.extraScriptSrc ?? [])]],
    // sonner (the toasts) inserts its stylesheet as a <style> element at run time, which only
    // 'unsafe-inline' admits; injected styles cannot run code, and scripts stay locked down.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(options.extraConnectSrc ?? [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions = {}) {
  await app.register(helmet, {
    // Set below: one policy per response, so that a page can add the hashes of its own scripts.
    contentSecurityPolicy: false,
    // Agrees with frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    // Over plain HTTP (http://localhost) HSTS would pin the host to HTTPS: set below, only over HTTPS.
    strictTransportSecurity: false,
    // Our own pages learn where a visitor came from (analytics' previous location on brochure
    // pages); other sites learn nothing, not even the origin of a page whose path holds a token.
    referrerPolicy: { policy: 'same-origin' },
  });

  const policy = contentSecurityPolicy(options);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', policy);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // request.protocol believes X-Forwarded-Proto only when TRUST_PROXY is on.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  app.decorateReply('allowInlineScripts', function allowInlineScripts(this: FastifyReply, hashes: readonly string[]) {
    return this.header('content-security-policy', contentSecurityPolicy(options, hashes));
  });
}

export default fp(securityPlugin, { name: 'security' });
