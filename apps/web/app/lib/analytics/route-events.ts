import { ROUTE_CHANGE_EVENT_DELAY_MS, type SiteConfig } from '@winery/domain';
import { page, pushToDataLayer, type PageViewProperties } from './analytics';

/**
 * What follows every route update, in the app and on a brochure page alike: 50 ms later the
 * configured event goes to the data layer (seed §2); and, only when page tracking is configured,
 * a page view after the configured delay, never below 0 (seed §1). `view` is read when the page
 * view is sent, so it sees the new page's title. Returns a cancel for a page left within the delay.
 */
export function scheduleRouteEvents(config: Promise<SiteConfig>, view: () => PageViewProperties): () => void {
  let cancelled = false;
  const timers: number[] = [];
  timers.push(
    window.setTimeout(() => {
      void config.then((settings) => {
        if (!cancelled) pushToDataLayer({ event: settings.routeChangeEventName });
      });
    }, ROUTE_CHANGE_EVENT_DELAY_MS),
  );
  void config.then(({ analytics }) => {
    if (cancelled || !analytics?.pageTracking) return;
    timers.push(
      window.setTimeout(() => {
        if (!cancelled) page(view());
      }, Math.max(0, analytics.pageViewDelayMs)),
    );
  });
  return () => {
    cancelled = true;
    timers.forEach((timer) => window.clearTimeout(timer));
  };
}
