import { useEffect, useRef, useState } from 'react';
import { PrefetchPageLinks, useLocation } from 'react-router';
import { PREFETCH_BATCH_SIZE, PREFETCH_INTERVAL_MS } from '@winery/domain';
import { nextPrefetchBatch, prefetchablePath } from './prefetch';

/** The first batch waits a moment for the page to settle; then one batch per interval. */
const FIRST_BATCH_DELAY_MS = 500;

interface NetworkInformationLike {
  saveData?: boolean;
}

/**
 * Seed §9: linked pages are prefetched in batches of at most 4 every 3 s, only links currently in
 * the viewport and never twice, so a long page of links never floods the network. Nothing is
 * prefetched when the visitor asked to save data. (Links elsewhere must not prefetch by themselves.)
 */
export function ViewportPrefetch() {
  const { pathname } = useLocation();
  const [prefetched, setPrefetched] = useState<string[]>([]);
  // Shared across pages, so navigating does not start a second batch inside one interval.
  const lastBatchAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<HTMLAnchorElement>();
    const observed = new WeakSet<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const anchor = entry.target as HTMLAnchorElement;
        if (entry.isIntersecting) visible.add(anchor);
        else visible.delete(anchor);
      }
    });
    const observeLinks = () => {
      for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
        if (observed.has(anchor)) continue;
        observed.add(anchor);
        observer.observe(anchor);
      }
    };
    const runBatch = () => {
      lastBatchAt.current = performance.now();
      observeLinks();
      const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
      if (connection?.saveData) return;
      for (const anchor of visible) if (!anchor.isConnected) visible.delete(anchor);
      const candidates = [...visible].map((anchor) => prefetchablePath(anchor, window.location));
      setPrefetched((done) => {
        const batch = nextPrefetchBatch(candidates, done, window.location.pathname, PREFETCH_BATCH_SIZE);
        return batch.length === 0 ? done : [...done, ...batch];
      });
    };
    observeLinks();
    let interval: number | undefined;
    const firstIn = Math.max(FIRST_BATCH_DELAY_MS, lastBatchAt.current + PREFETCH_INTERVAL_MS - performance.now());
    const first = window.setTimeout(() => {
      runBatch();
      interval = window.setInterval(runBatch, PREFETCH_INTERVAL_MS);
    }, firstIn);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(interval);
      observer.disconnect();
    };
  }, [pathname]);

  return (
    <div hidden data-testid="prefetched-pages">
      {prefetched.map((page) => (
        <div key={page} data-prefetched-page={page}>
          <PrefetchPageLinks page={page} />
        </div>
      ))}
    </div>
  );
}
