import { data, isRouteErrorResponse } from 'react-router';
import { PAGE_DATA_RETRIES } from '@winery/domain';

/**
 * How a prerendered page's data (`<path>.data`, React Router single fetch) fails, as found by
 * experiment with React Router 7.18 (`ssr: false` + prerender):
 *  - an HTTP error from the static server (no X-Remix-Response header) rejects `serverLoader()`
 *    with an ErrorResponse of that status (`isRouteErrorResponse`), e.g. 404 when the file is gone;
 *  - a network failure rejects with the fetch TypeError;
 *  - a body that is not turbo-stream rejects with Error('Unable to decode turbo-stream response').
 * Every call of `serverLoader()` fetches again, so retrying is calling it again.
 */

export interface PageDataOptions {
  retries?: number;
  /** Wait before retry number `attempt` (1-based). */
  backoffMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Short and growing: 200 ms, 400 ms, 800 ms. */
export const pageDataBackoffMs = (attempt: number): number => 200 * 2 ** (attempt - 1);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** 404 and 500 are answers (seed §8); redirects and cancelled navigations are not failures. */
function isFinal(error: unknown): boolean {
  if (error instanceof Response || isAbort(error)) return true;
  return isRouteErrorResponse(error) && (error.status === 404 || error.status === 500);
}

/**
 * Seed §8: a page's data answering 404 shows the 404 page, 500 the something-went-wrong page;
 * anything else (network error, 502/503, unreadable body) is retried up to PAGE_DATA_RETRIES
 * times with a short back-off, then shows the something-went-wrong page. The errors are thrown
 * to the root ErrorBoundary, which renders those pages.
 */
export async function loadPageDataWith<T>(serverLoader: () => Promise<T>, options: PageDataOptions = {}): Promise<T> {
  const { retries = PAGE_DATA_RETRIES, backoffMs = pageDataBackoffMs, sleep = wait } = options;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await serverLoader();
    } catch (error) {
      if (isFinal(error)) throw error;
      if (attempt >= retries) {
        throw data('The page could not be loaded.', { status: 500, statusText: 'Page data unavailable' });
      }
      await sleep(backoffMs(attempt + 1));
    }
  }
}

/** For brochure routes: `clientLoader({ serverLoader }) { return loadPageData(serverLoader) }`. */
export async function loadPageData<T>(serverLoader: () => Promise<T>): Promise<T> {
  return loadPageDataWith(serverLoader);
}
