import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ROUTE_CHANGE_EVENT_DEFAULT, ROUTE_CHANGE_EVENT_DELAY_MS } from '@winery/domain';
import { pushToDataLayer } from './analytics';

/** Seed §2: 50 ms after each route update an event is pushed to the data layer. */
export function RouteChangeTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(
      () => pushToDataLayer({ event: ROUTE_CHANGE_EVENT_DEFAULT }),
      ROUTE_CHANGE_EVENT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
  return null;
}
