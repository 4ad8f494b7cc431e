import { useEffect } from 'react';
import { ANALYTICS_LOAD_DELAY_MS } from '@winery/domain';
import { setAnalyticsUser, startAnalytics } from './analytics/analytics';
import { setErrorReportingUser, startErrorReporting } from './error-reporting/error-reporting';
import { useSession } from './session/session.api';
import { loadSiteConfig } from './site-config/site-config';
import { tokenClaims } from './session/token-claims';

/**
 * Starts the services the operator configured (/site-config.json, read once, never blocking a
 * render): error reporting at once, analytics 2 s after the app started (seed §7). Keeps both
 * told who is signed in: the customer id for analytics, id and e-mail for error reports (seed §1).
 */
export function ThirdPartyServices({ analytics = true }: { analytics?: boolean }) {
  const { known, token } = useSession();

  useEffect(() => {
    const startedAt = performance.now();
    void loadSiteConfig().then((config) => {
      startErrorReporting(config.errorReporting);
      // The members' analytics measure the site, not the winery's back office: a visit that
      // starts in the staff console loads no analytics.
      if (analytics) startAnalytics(config.analytics, startedAt + ANALYTICS_LOAD_DELAY_MS - performance.now());
    });
    // Decided once, by where the visit starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!known) return;
    const claims = tokenClaims(token);
    const id = claims?.sub ?? null;
    setAnalyticsUser(id);
    setErrorReportingUser(id ? { id, ...(claims?.email !== undefined ? { email: claims.email } : {}) } : null);
  }, [known, token]);

  return null;
}
