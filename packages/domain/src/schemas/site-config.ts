import { z } from 'zod';
import { DEFAULT_MINIMUM_AGE } from '../constants.js';

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
  /** Youngest age at which a person may buy wine here (seed §9: 21 by default, configurable). */
  minimumAge: z.number().int().min(0).max(120).default(DEFAULT_MINIMUM_AGE),
  errorReporting: z
    .object({
      dsn: z.string().min(1),
      scriptUrl: z.string().min(1),
    })
    .nullable(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
