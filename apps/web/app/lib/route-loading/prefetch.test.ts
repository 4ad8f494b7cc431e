import { describe, expect, it } from 'vitest';
import { nextPrefetchBatch, prefetchablePath } from './prefetch';

const here = { origin: 'https://wine.example', pathname: '/' };
const anchor = (href: string, extra: { target?: string; download?: boolean } = {}) => ({
  href,
  target: extra.target ?? '',
  hasAttribute: (name: string) => name === 'download' && Boolean(extra.download),
});

describe('prefetching linked pages', () => {
  it('takes same-origin pages only', () => {
    expect(prefetchablePath(anchor('https://wine.example/philosophy'), here)).toBe('/philosophy');
    expect(prefetchablePath(anchor('https://other.example/philosophy'), here)).toBeNull();
    expect(prefetchablePath(anchor('https://wine.example/brochure.pdf'), here)).toBeNull();
    expect(prefetchablePath(anchor('https://wine.example/team', { target: '_blank' }), here)).toBeNull();
    expect(prefetchablePath(anchor('https://wine.example/team', { download: true }), here)).toBeNull();
    expect(prefetchablePath(anchor('https://wine.example/logout'), here)).toBeNull();
  });

  it('batches at most 4 new paths, never the current page or one already prefetched', () => {
    const candidates = ['/a', '/b', '/', '/a', null, '/c', '/d', '/e', '/f'];
    expect(nextPrefetchBatch(candidates, ['/b'], '/', 4)).toEqual(['/a', '/c', '/d', '/e']);
    expect(nextPrefetchBatch(candidates, ['/a', '/b', '/c', '/d', '/e', '/f'], '/', 4)).toEqual([]);
  });
});
