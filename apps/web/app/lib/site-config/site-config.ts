import { DEFAULT_MINIMUM_AGE, ROUTE_CHANGE_EVENT_DEFAULT, SITE_CONFIG_PATH, SiteConfigSchema, type SiteConfig } from '@winery/domain';

/** Every service off: what the browser uses until the server answers, and if it never does. */
export const SITE_CONFIG_OFF: SiteConfig = {
  analytics: null,
  routeChangeEventName: ROUTE_CHANGE_EVENT_DEFAULT,
  minimumAge: DEFAULT_MINIMUM_AGE,
  errorReporting: null,
};

let current: SiteConfig | null = null;
let pending: Promise<SiteConfig> | null = null;

/**
 * The operator's runtime settings, fetched once per page load. Never throws and never blocks a
 * render: a failed or malformed answer leaves every third-party service off.
 */
export function loadSiteConfig(fetcher: typeof fetch = fetch): Promise<SiteConfig> {
  pending ??= fetcher(SITE_CONFIG_PATH, { headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? parseSiteConfig(await response.json()) : SITE_CONFIG_OFF))
    .catch(() => SITE_CONFIG_OFF)
    .then((config) => (current = config));
  return pending;
}

/** The settings once known, else null. */
export const getSiteConfig = (): SiteConfig | null => current;

export function parseSiteConfig(body: unknown): SiteConfig {
  const parsed = SiteConfigSchema.safeParse(body);
  return parsed.success ? parsed.data : SITE_CONFIG_OFF;
}

/** The third-party scripts a configuration loads: none unless a key is configured. */
export function thirdPartyScripts(config: SiteConfig): { analytics: string | null; errorReporting: string | null } {
  return {
    analytics: config.analytics?.writeKey ? config.analytics.scriptUrl : null,
    errorReporting: config.errorReporting?.dsn ? config.errorReporting.scriptUrl : null,
  };
}

/** Adds a classic async script once per URL; resolves when it has run. */
export function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[data-third-party="${CSS.escape(src)}"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.thirdParty = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
    document.head.appendChild(script);
  });
}

/** Test seam: forget the cached answer. */
export function resetSiteConfigForTests(): void {
  current = null;
  pending = null;
}
