import { useSyncExternalStore } from 'react';
import { DEFAULT_MINIMUM_AGE } from '@winery/domain';
import { getSiteConfig, loadSiteConfig } from '../../lib/site-config/site-config';

function subscribe(onChange: () => void): () => void {
  let subscribed = true;
  void loadSiteConfig().then(() => {
    if (subscribed) onChange();
  });
  return () => {
    subscribed = false;
  };
}

/**
 * The operator's minimum age (site config), read once per page load: the default in the
 * prerendered HTML and until the settings arrive. No query cache, so the joining pages work the
 * same in the app and in their island (ADR 023).
 */
export function useMinimumAge(): number {
  const config = useSyncExternalStore(subscribe, getSiteConfig, () => null);
  return config?.minimumAge ?? DEFAULT_MINIMUM_AGE;
}
