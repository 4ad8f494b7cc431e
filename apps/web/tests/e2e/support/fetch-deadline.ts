/**
 * Every request a test sends to the server (setting up members, signing in through the API,
 * reading the outbox) gets an answer within REQUEST_DEADLINE_MS or fails naming itself. Without
 * it a request the server never answers waits for the whole test's limit, and the failure says
 * only that the test timed out, not where (a journey of CI once ran past 120 s so). The query
 * string is left out of the name: it may carry a link's token.
 */
const REQUEST_DEADLINE_MS = 60_000;

// Test files share a worker's modules (vitest.config.ts, isolate: false) and this file runs again
// before each of them: the deadline wraps Node's own fetch, kept aside the first time, never the
// wrapper a file before left.
const NODE_FETCH = Symbol.for('winery.e2e.nodeFetch');
const holder = globalThis as typeof globalThis & { [NODE_FETCH]?: typeof fetch };
const unbounded = (holder[NODE_FETCH] ??= globalThis.fetch);

globalThis.fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
  const request = new Request(input, init);
  const deadline = new AbortController();
  const forward = () => deadline.abort(request.signal.reason);
  request.signal.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => deadline.abort(new Error(`${request.method} ${new URL(request.url).pathname} had no answer in ${REQUEST_DEADLINE_MS / 1000} s`)), REQUEST_DEADLINE_MS);
  try {
    // The answer's headers are awaited here; its body is read by the caller, as the server sends it.
    return await unbounded(request, { signal: deadline.signal });
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', forward);
  }
};
