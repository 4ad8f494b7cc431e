// Figures the benches share: percentiles, a bounded pool of async work, and how busy the machine
// was (load average, CPU time of the whole machine and of given processes, from /proc on Linux).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Count, p50, p95, p99 and max of a list of milliseconds. */
export const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};

/** "850 ms", "2.41 s", or "–" when there is no figure. */
export const ms = (value) => (Number.isNaN(value) || value === undefined ? '–' : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);

export const rate = (count, millis) => count / (millis / 1000);

/** Runs `work(item, index)` for every item with at most `limit` in flight. */
export async function pool(items, limit, work) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  });
  await Promise.all(workers);
}

/** Busy and total jiffies of all cores since boot (Linux), or null elsewhere. */
function machineTicks() {
  if (!existsSync('/proc/stat')) return null;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + (fields[4] ?? 0);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

/**
 * CPU seconds (user + system) a process has used so far (Linux), or null; with `reaped`, also its
 * children that ended and were waited for (PostgreSQL's backends, once closed, count to the postmaster).
 */
function processSeconds(pid, reaped = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime (and cutime, cstime), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds so far of every process whose name is `name` (e.g. PostgreSQL's server and backends; Linux). */
function seconds(name) {
  if (!existsSync('/proc/self/stat')) return NaN;
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue;
      total += processSeconds(entry, true) ?? 0;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/** Every descendant of a process (cluster workers under a primary), by /proc's children lists. */
function descendants(pid) {
  const found = [];
  const visit = (id) => {
    let children = [];
    try {
      for (const task of readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim().split(/\s+/)) if (task) children.push(Number(task));
    } catch {
      children = [];
    }
    for (const child of children) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/**
 * Starts watching how busy the machine is: the 1-minute load average now, and from here to
 * `done()` the share of all cores in use, the CPU seconds of the processes `pids()` names (with
 * their children: a cluster's workers), of PostgreSQL and of this script. Other work on the machine skews every figure, so
 * each section of a bench reports these beside its own.
 */
export function watchMachine(pids = () => []) {
  const load = loadavg()[0];
  const ticksAtStart = machineTicks();
  const own = (ids) => ids.flatMap((pid) => [pid, ...descendants(pid)]).reduce((sum, pid) => sum + (processSeconds(pid) ?? 0), 0);
  const startIds = pids();
  const cpuAtStart = own(startIds);
  const postgresAtStart = seconds('postgres');
  const benchAtStart = process.cpuUsage();
  const started = performance.now();
  return {
    load,
    done() {
      const ticks = machineTicks();
      const busy = ticks && ticksAtStart ? (ticks.busy - ticksAtStart.busy) / Math.max(1, ticks.total - ticksAtStart.total) : NaN;
      const bench = process.cpuUsage(benchAtStart);
      return {
        load,
        loadAtEnd: loadavg()[0],
        busy,
        apiCpuSeconds: own(pids()) - cpuAtStart,
        // Every PostgreSQL process on the machine (other databases' work included), and this script with its threads.
        postgresCpuSeconds: seconds('postgres') - postgresAtStart,
        benchCpuSeconds: (bench.user + bench.system) / 1e6,
        seconds: (performance.now() - started) / 1000,
      };
    },
  };
}

export const machineLine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`;

/**
 * CPU seconds of one database's own PostgreSQL backends (Linux, the server on this machine): the
 * connections to `database` as pg_stat_activity lists them when this starts and when `done()` is
 * called, each counted from its CPU at the start (or from zero, for a connection opened meanwhile).
 * PostgreSQL's shared processes (WAL writer, checkpointer, autovacuum) and connections that both
 * opened and closed in between are not in it; `admin` must be a client of ANOTHER database, so that
 * its own backend is not counted.
 */
export async function watchDatabaseCpu(admin, database) {
  const backends = async () => (await admin.query('select pid from pg_stat_activity where datname = $1', [database])).rows.map((row) => Number(row.pid));
  const atStart = new Map((await backends()).map((pid) => [pid, processSeconds(pid) ?? 0]));
  return {
    async done() {
      let total = 0;
      let closed = 0;
      const atEnd = new Set(await backends());
      for (const pid of atEnd) {
        const now = processSeconds(pid);
        if (now !== null) total += now - (atStart.get(pid) ?? 0);
      }
      for (const pid of atStart.keys()) if (!atEnd.has(pid)) closed += 1;
      return { seconds: total, backends: atEnd.size, closed };
    },
  };
}

/** The median of a list of numbers (NaN for none). */
export function median(values) {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
