// Reads at a steady rate from a thread of their own, so that what the load generator does at the
// same moment (opening hundreds of connections for a sign-in storm) does not delay them on this
// side: each read is sent on time whatever the answers' speed (an open loop) and timed from its
// own sending to its answer.
//
//   const loop = startReadLoop({ origin, tenant, reads: [{ path, token }], perSecond: 40 });
//   ... later: const { latencies, timeline, failures } = await loop.stop();
import { Worker } from 'node:worker_threads';

export function startReadLoop({ origin, tenant, reads, perSecond }) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { origin, tenant, reads, perSecond } });
  const finished = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await finished;
      await worker.terminate();
      return result;
    },
  };
}

const { isMainThread, parentPort, workerData } = await import('node:worker_threads');
if (!isMainThread && workerData?.reads) {
  const { origin, tenant, reads, perSecond } = workerData;
  const latencies = [];
  /** [sent, took] of each answered read, ms from the loop's start: when the slow ones were. */
  const timeline = [];
  const failures = [];
  const inFlight = new Set();
  let stopped = false;
  parentPort.on('message', (message) => {
    if (message === 'stop') stopped = true;
  });
  const interval = 1000 / perSecond;
  const begin = performance.now();
  for (let i = 0; !stopped; i += 1) {
    const { path, token } = reads[i % reads.length];
    const sent = performance.now();
    const read = fetch(`${origin}${path}`, {
      // An address of its own for each read: the per-IP ceiling is not what is measured.
      headers: { tenant, authorization: token, 'x-forwarded-for': `172.16.${(i >> 8) & 255}.${i & 255}` },
      signal: AbortSignal.timeout(120_000),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) {
          latencies.push(performance.now() - sent);
          timeline.push([Math.round(sent - begin), Math.round(performance.now() - sent)]);
        }
        else failures.push(response.status);
      })
      .catch(() => failures.push(0))
      .finally(() => inFlight.delete(read));
    inFlight.add(read);
    // The next read at its own time, not after this one's answer.
    const next = begin + (i + 1) * interval;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  parentPort.postMessage({ latencies, timeline, failures });
}
