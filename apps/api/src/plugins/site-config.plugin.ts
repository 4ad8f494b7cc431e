import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_MINIMUM_AGE, ROUTE_CHANGE_EVENT_DEFAULT, SITE_CONFIG_PATH, SiteConfigSchema, type SiteConfig } from '@winery/domain';

/** The operator's settings for the browser's third-party services (see env.ts). */
export interface SiteConfigSettings {
  analyticsWriteKey?: string;
  analyticsScriptUrl?: string;
  analyticsPageTracking?: boolean;
  analyticsPageViewDelayMs?: number;
  routeChangeEventName?: string;
  /** Minimum age to buy wine (MINIMUM_AGE); forms and the API check the same number. */
  minimumAge?: number;
  errorReportingDsn?: string;
  errorReportingScriptUrl?: string;
}

const segmentScriptUrl = (writeKey: string) =>
  `https://cdn.segment.com/analytics.js/v1/${encodeURIComponent(writeKey)}/analytics.min.js`;

/** Sentry's loader script is addressed by the DSN's public key (its user part). */
const sentryLoaderUrl = (dsn: string) => `https://js.sentry-cdn.com/${encodeURIComponent(new URL(dsn).username)}.min.js`;

/** Every service stays off (null) unless its key is configured. */
export function buildSiteConfig(settings: SiteConfigSettings = {}): SiteConfig {
  const writeKey = settings.analyticsWriteKey?.trim();
  const dsn = settings.errorReportingDsn?.trim();
  return {
    analytics: writeKey
      ? {
          writeKey,
          scriptUrl: settings.analyticsScriptUrl ?? segmentScriptUrl(writeKey),
          pageTracking: settings.analyticsPageTracking ?? false,
          pageViewDelayMs: Math.max(0, Math.trunc(settings.analyticsPageViewDelayMs ?? 50)),
        }
      : null,
    routeChangeEventName: settings.routeChangeEventName?.trim() || ROUTE_CHANGE_EVENT_DEFAULT,
    minimumAge: settings.minimumAge ?? DEFAULT_MINIMUM_AGE,
    errorReporting: dsn ? { dsn, scriptUrl: settings.errorReportingScriptUrl ?? sentryLoaderUrl(dsn) } : null,
  };
}

/** Origins the browser must be allowed to load scripts from and send to (Content-Security-Policy). */
export function thirdPartyOrigins(config: SiteConfig): { script: string[]; connect: string[] } {
  const origin = (url: string | undefined) => {
    if (!url || url.startsWith('/')) return null;
    try {
      return new URL(url).origin;
    } catch {
      return null;
    }
  };
  const script = [origin(config.analytics?.scriptUrl), origin(config.errorReporting?.scriptUrl)];
  const connect = [...script, origin(config.errorReporting?.dsn)];
  // Segment's library sends events to its API host, not to the CDN it is loaded from.
  if (config.analytics?.scriptUrl.startsWith('https://cdn.segment.com/')) connect.push('https://api.segment.io');
  const unique = (list: (string | null)[]) => [...new Set(list.filter((o): o is string => o !== null))];
  return { script: unique(script), connect: unique(connect) };
}

/**
 * `GET /site-config.json`: read by the web app once at start, so analytics and error reporting
 * are configured on the server without rebuilding. Public on purpose: write keys and DSNs are
 * browser-side identifiers, not secrets.
 */
export const siteConfigRoutes: FastifyPluginAsyncZod<{ config: SiteConfig }> = async (app, { config }) => {
  app.get(
    SITE_CONFIG_PATH,
    {
      schema: {
        tags: ['operations'],
        summary: "The browser's runtime settings (analytics, error reporting); null = off",
        response: { 200: SiteConfigSchema },
      },
    },
    async (_request, reply) => {
      // Changed by the operator with a restart, never by a build: always revalidate.
      reply.header('cache-control', 'no-cache');
      return config;
    },
  );
};
