// Runs the steps of `npm test` (builds, suites, checks) in lanes: the steps of one lane one after
// another, the lanes side by side, a step also waiting for the steps it names in `after`.
// Node built-ins only: this runs before anything is installed.
import { spawn } from 'node:child_process';
import { log, seconds } from './lib.mjs';

function runStep(step, buffered) {
  return new Promise((resolve) => {
    const started = Date.now();
    // Side by side, each step's output is held and printed whole when it ends, so it reads in one piece.
    const child = spawn(step.command, step.args, {
      cwd: step.cwd,
      env: buffered && process.stdout.isTTY ? { ...step.env, FORCE_COLOR: '1' } : step.env,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    let finished = false;
    const finish = (status) => {
      if (finished) return;
      finished = true;
      const ms = Date.now() - started;
      if (buffered && (step.showOutput !== false || status !== 0)) {
        log(`── ${step.name} ──`);
        process.stdout.write(Buffer.concat(chunks));
      }
      log(`${step.name}: ${status === 0 ? 'done' : `failed (exit ${status})`} in ${seconds(ms)}`);
      resolve({ status, ms });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.stack ?? error}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/**
 * `lanes`: arrays of steps { name, command, args, cwd, env, after?: [names], showOutput?,
 * report?() }. Resolves, in the order the steps were given, to { name, status, ms, report }:
 * status null when the step did not run because a step it needs failed.
 */
export async function runLanes(lanes) {
  const buffered = lanes.length > 1;
  const outcomes = new Map();
  const all = lanes.flat();
  for (const step of all) {
    let settle;
    outcomes.set(step.name, { promise: new Promise((resolve) => (settle = resolve)), settle });
  }
  const results = new Map();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        const needed = await Promise.all((step.after ?? []).map((name) => outcomes.get(name)?.promise ?? Promise.resolve(0)));
        let result;
        if (needed.some((status) => status !== 0)) {
          log(`${step.name}: not run (a step it needs failed)`);
          result = { name: step.name, status: null, ms: 0, report: null };
        } else {
          log(`Running ${step.name}…`);
          const { status, ms } = await runStep(step, buffered);
          result = { name: step.name, status, ms, report: step.report?.() ?? null };
        }
        results.set(step.name, result);
        outcomes.get(step.name).settle(result.status);
      }
    }),
  );
  return all.map((step) => results.get(step.name));
}
