/** The metrics every row of the table needs; a report without one of them is a failed trace. */
const METRICS = ['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time'];

/** Why a Lighthouse report cannot go into the table, or null when it can. */
export function traceProblem(lhr, required) {
  if (!lhr) return 'no report';
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const category = required.find((key) => typeof lhr.categories?.[key]?.score !== 'number');
  if (category) return `no ${category} score`;
  const metric = METRICS.find((id) => typeof lhr.audits?.[id]?.numericValue !== 'number');
  return metric ? `no ${metric}` : null;
}

/**
 * One Lighthouse run of a page, taken again when its trace fails (Lighthouse throws, reports a
 * runtime error such as no paint seen, or leaves a score or a metric out): a page whose trace fails
 * once is measured again instead of going into the table as a 0. Answers the report and the
 * attempts it took, or, after `attempts` failures, the last reason.
 */
export async function traceWithRetries({ url, attempts, required, run, onFailure = () => {} }) {
  let error = 'no attempt';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const lhr = (await run(url))?.lhr;
      error = traceProblem(lhr, required);
      if (error === null) return { lhr, attempts: attempt };
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    onFailure(attempt, error);
  }
  return { lhr: null, attempts, error };
}
