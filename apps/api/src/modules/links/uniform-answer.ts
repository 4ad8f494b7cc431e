import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a "send me a link" answer takes at least, member or not (buildApp `uniformAnswerMs`). */
export const DEFAULT_UNIFORM_ANSWER_MS = 250;

/**
 * For a member, a sign-in link or reset request writes a token and renders an e-mail; for anyone
 * else it does not. Holding every answer until the same moment keeps the response time from
 * telling an observer who is a member. Uses the real clock: the app's `now` may be pinned in tests.
 */
export function uniformAnswer(floorMs: number) {
  const started = performance.now();
  return async () => {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  };
}
