import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSiteConfig } from './site-config';

export const siteConfigQueryOptions = queryOptions({
  queryKey: ['site-config'],
  // Read once per page load (loadSiteConfig keeps its answer); it never fails, it falls back.
  queryFn: () => loadSiteConfig(),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The operator's runtime settings for components (minimum age, …). */
export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions);
}
