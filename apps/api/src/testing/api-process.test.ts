import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { waitUntilReady } from './api-process.js';

/** The one wait of every process the API's tests start: it must fail, not hang, when a start goes wrong. */
describe('waitUntilReady', () => {
  const node = (script: string) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return { child, output: () => text, exited };
  };

  it('resolves once the process is ready', async () => {
    const { child, output, exited } = node("console.log('listening'); setInterval(() => {}, 1000)");
    await waitUntilReady(child, () => output().includes('listening'), { output, timeoutMs: 30_000 });
    child.kill('SIGKILL');
    await exited;
  });

  it('fails at once, with what the process printed, when it exits before it is ready', async () => {
    const { child, output } = node("console.error('DATABASE_URL is not a URL'); process.exit(3)");
    await expect(waitUntilReady(child, () => false, { output, timeoutMs: 30_000 })).rejects.toThrow(/ended before it was ready:\n.*DATABASE_URL is not a URL/);
  });

  it('gives up after its limit and kills the process, which no test leaves behind', async () => {
    const { child, output, exited } = node("console.log('still starting'); setInterval(() => {}, 1000)");
    await expect(waitUntilReady(child, () => false, { output, timeoutMs: 300 })).rejects.toThrow(/not ready within 300 ms/);
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
  });
});
