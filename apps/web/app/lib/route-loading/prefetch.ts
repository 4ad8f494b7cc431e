/** Paths never worth prefetching: signing out has an effect, and the members area needs a session. */
const NEVER_PREFETCH = ['/logout'];

/** The same-origin page a link opens, or null for files, new tabs, other sites and hash-only links. */
export function prefetchablePath(anchor: Pick<HTMLAnchorElement, 'href' | 'target' | 'hasAttribute'>, here: Pick<Location, 'origin' | 'pathname'>): string | null {
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  if (NEVER_PREFETCH.includes(url.pathname)) return null;
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null;
  return url.pathname + url.search;
}

/** Up to `size` paths, in page order, not yet prefetched and not the page already shown. */
export function nextPrefetchBatch(candidates: (string | null)[], done: readonly string[], current: string, size: number): string[] {
  const seen = new Set(done);
  const batch: string[] = [];
  for (const path of candidates) {
    if (batch.length >= size) break;
    if (!path || seen.has(path) || path.split('?')[0] === current) continue;
    seen.add(path);
    batch.push(path);
  }
  return batch;
}
