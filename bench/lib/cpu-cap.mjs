// A fixed share of a core for one process and everything it starts (its threads, a cluster's
// workers), as a container's CPU limit gives each instance on machines of their own: a Linux
// cgroup with a CPU quota (cgroup v2's cpu.max, or v1's cfs quota), made for the process and
// removed after it. Needs root (or a delegated cgroup); `cpuCapSupport()` says whether it works here.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PERIOD_US = 100_000;

/** Where this machine lets a CPU-capped group be made, or null (with why). */
function cgroupRoot() {
  const v2 = '/sys/fs/cgroup';
  if (existsSync(join(v2, 'cgroup.controllers'))) {
    const controllers = readFileSync(join(v2, 'cgroup.controllers'), 'utf8');
    const delegated = existsSync(join(v2, 'cgroup.subtree_control')) ? readFileSync(join(v2, 'cgroup.subtree_control'), 'utf8') : '';
    if (controllers.includes('cpu') && delegated.includes('cpu')) return { version: 2, dir: v2 };
  }
  const v1 = '/sys/fs/cgroup/cpu';
  if (existsSync(join(v1, 'cgroup.procs')) && existsSync(join(v1, 'cpu.cfs_quota_us'))) return { version: 1, dir: v1 };
  return null;
}

/** Whether a CPU cap can be set here: `{ ok: true }` or `{ ok: false, why }`. */
export function cpuCapSupport() {
  if (process.platform !== 'linux') return { ok: false, why: 'CPU caps need Linux cgroups' };
  const found = cgroupRoot();
  if (!found) return { ok: false, why: 'no cgroup with a CPU controller is mounted' };
  const probe = join(found.dir, `winery-bench-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return { ok: true, version: found.version };
  } catch (error) {
    return { ok: false, why: `cannot make a cgroup (${error.code ?? error.message}); run as root` };
  }
}

/**
 * Makes a group allowed `share` of one core (0.25 = a quarter) and answers its `cgroup.procs`
 * path (a process writes its pid there to enter it; its children follow) and `remove()`.
 */
export function makeCpuCap(name, share) {
  const found = cgroupRoot();
  if (!found) throw new Error('no cgroup with a CPU controller');
  const dir = join(found.dir, `winery-bench-${name}-${process.pid}`);
  mkdirSync(dir);
  const quota = Math.max(1000, Math.round(share * PERIOD_US));
  if (found.version === 2) writeFileSync(join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
  else {
    writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
  }
  return {
    procs: join(dir, 'cgroup.procs'),
    /** Removes the group once its processes have ended (retried: an ended process leaves it a moment later). */
    async remove() {
      for (let tries = 0; tries < 50; tries += 1) {
        try {
          rmdirSync(dir);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
  };
}
