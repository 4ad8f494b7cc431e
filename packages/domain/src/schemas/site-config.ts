import { z } from 'zod';

/** Where the browser reads the operator's runtime settings (analytics, error reporting). */
export const SITE_CONFIG_PATH = '/site-config.json';

/**
 * Settings the operator changes on the server without rebuilding the web app. A service whose key
 * is not configured is `null`: the browser then loads nothing of it.
 */
export const SiteConfigSchema = z.object({
  analytics: z
    .object({
      writeKey: z.string().min(1),
      scriptUrl: z.string().min(1),
      pageTracking: z.boolean(),
      pageViewDelayMs: z.number().int().min(0),
    })
    .nullable(),
  routeChangeEventName: z.string().min(1),
  errorReporting: z
    .object({
      dsn: z.string().min(1),
      scriptUrl: z.string().min(1),
    })
    .nullable(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
