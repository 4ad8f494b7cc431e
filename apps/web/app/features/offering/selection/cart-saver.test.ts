import { describe, expect, it } from 'vitest';
import type { SelectionLine } from '@winery/domain';
import { createCartSaver } from './cart-saver';

/** A saver with a hand-driven timer and a save that resolves when told to. */
function harness({ fail = false } = {}) {
  const sent: { lines: SelectionLine[]; keepalive: boolean }[] = [];
  const saved: SelectionLine[][] = [];
  const failed: SelectionLine[][] = [];
  const releases: (() => void)[] = [];
  let due: (() => void) | null = null;
  const saver = createCartSaver({
    save: (lines, { keepalive }) => {
      sent.push({ lines, keepalive });
      return new Promise<string>((resolve, reject) => releases.push(() => (fail ? reject(new Error('offline')) : resolve('ok'))));
    },
    onSaved: (_result, lines) => saved.push(lines),
    onFailed: (_error, lines) => failed.push(lines),
    setTimer: (run) => {
      due = run;
      return run;
    },
    clearTimer: () => {
      due = null;
    },
  });
  const tick = () => {
    const run = due;
    due = null;
    run?.();
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()!();
      await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { saver, sent, saved, failed, tick, releaseAll, timerSet: () => due !== null };
}

const a = [{ wineId: 'a', quantity: 1 }];
const b = [{ wineId: 'a', quantity: 3 }];

describe('saving the choice as the member makes it', () => {
  it('saves once the member pauses, with the last lines only', async () => {
    const h = harness();
    h.saver.schedule(a);
    h.saver.schedule(b);
    expect(h.sent).toEqual([]);
    expect(h.saver.busy()).toBe(true);
    h.tick();
    expect(h.sent).toEqual([{ lines: b, keepalive: false }]);
    await h.releaseAll();
    await h.saver.settled();
    expect(h.saved).toEqual([b]);
    expect(h.saver.busy()).toBe(false);
  });

  it('saves at once when the page is left, and does not send the same lines twice', async () => {
    const h = harness();
    h.saver.schedule(a);
    void h.saver.flush({ keepalive: true });
    expect(h.timerSet()).toBe(false);
    expect(h.sent).toEqual([{ lines: a, keepalive: true }]);
    await h.releaseAll();
    h.saver.schedule(a);
    await h.saver.flush();
    expect(h.sent).toHaveLength(1);
  });

  it('sends saves one after another, so an older choice never lands last', async () => {
    const h = harness();
    h.saver.schedule(a);
    void h.saver.flush();
    h.saver.schedule(b);
    void h.saver.flush();
    // The second waits for the first to be answered.
    await Promise.resolve();
    expect(h.sent.map((s) => s.lines)).toEqual([a]);
    await h.releaseAll();
    await h.saver.settled();
    expect(h.sent.map((s) => s.lines)).toEqual([a, b]);
    expect(h.saved).toEqual([a, b]);
  });

  it('says when a save failed, and sends the same lines again next time', async () => {
    const h = harness({ fail: true });
    h.saver.schedule(a);
    void h.saver.flush();
    await h.releaseAll();
    await h.saver.settled();
    expect(h.failed).toEqual([a]);
    h.saver.schedule(a);
    void h.saver.flush();
    expect(h.sent).toHaveLength(2);
  });

  it('sends nothing for the lines the server is known to hold', async () => {
    const h = harness();
    h.saver.know(a);
    h.saver.schedule(a);
    await h.saver.flush();
    expect(h.sent).toEqual([]);
    h.saver.schedule(b);
    void h.saver.flush();
    expect(h.sent.map((s) => s.lines)).toEqual([b]);
  });

  it('forgets a waiting change when a full save replaces it', async () => {
    const h = harness();
    h.saver.schedule(a);
    h.saver.cancel();
    expect(h.timerSet()).toBe(false);
    await h.saver.flush();
    expect(h.sent).toEqual([]);
    expect(h.saver.busy()).toBe(false);
  });
});
