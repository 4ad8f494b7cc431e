import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { loadSiteConfig } from '../site-config/site-config';
import { scheduleRouteEvents } from './route-events';

/**
 * After each route update (a new path or query; the first page included): 50 ms later an event
 * named by the configuration goes to the data layer (seed §2), and, only when page tracking is
 * configured, a page view after the configured delay (seed §1). A location left within the delay
 * (a redirect) is not counted.
 */
export function RouteChangeTracker() {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  // The page shown before this one; kept per path so an effect that runs twice counts once.
  const shown = useRef<{ current: string | null; previous: string | null }>({ current: null, previous: null });

  useEffect(() => {
    if (shown.current.current !== path) shown.current = { current: path, previous: shown.current.current };
    const previous = shown.current.previous;
    return scheduleRouteEvents(loadSiteConfig(), () => ({
      path: pathname,
      search: search || undefined,
      title: document.title,
      hasPreviousLocation: previous !== null,
      referrer: previous ?? undefined,
    }));
  }, [path, pathname, search]);
  return null;
}
