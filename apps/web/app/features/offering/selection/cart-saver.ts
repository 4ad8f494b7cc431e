import type { SelectionLine } from '@winery/domain';

/** How long the member may pause between changes before their choice is saved. */
export const AUTOSAVE_DELAY_MS = 600;

export interface CartSaverOptions<T> {
  /** Saves the lines as a draft; `keepalive` when the page is going away (the request must outlive it). */
  save: (lines: SelectionLine[], options: { keepalive: boolean }) => Promise<T>;
  onSaved?: (result: T, lines: SelectionLine[]) => void;
  onFailed?: (error: unknown, lines: SelectionLine[]) => void;
  delayMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface CartSaver {
  /** The member changed their choice: save it once they pause. */
  schedule: (lines: SelectionLine[]) => void;
  /** Save what is waiting now (leaving the page, the tab hidden, going on to pay). */
  flush: (options?: { keepalive?: boolean }) => Promise<void>;
  /** Forget what is waiting (a full save is about to replace it). */
  cancel: () => void;
  /** Resolves once every save started so far has finished. */
  settled: () => Promise<void>;
  /** A change waits to be saved, or a save is under way: the server's copy is not the latest yet. */
  busy: () => boolean;
  /** The server holds these lines (loaded, or saved another way): sending them again is not needed. */
  know: (lines: SelectionLine[]) => void;
}

/**
 * The member's choice saved as they make it: one save a moment after they stop changing it, saves
 * one after another (so an older choice never lands after a newer one), and at once when the page
 * is left. A save that would repeat the last one is not sent.
 */
export function createCartSaver<T>(options: CartSaverOptions<T>): CartSaver {
  const {
    save,
    onSaved,
    onFailed,
    delayMs = AUTOSAVE_DELAY_MS,
    setTimer = (run, ms) => setTimeout(run, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  } = options;
  let pending: SelectionLine[] | null = null;
  let timer: unknown = null;
  let chain: Promise<void> = Promise.resolve();
  let running = 0;
  let lastSent: string | null = null;

  const stopTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const send = (lines: SelectionLine[], keepalive: boolean): Promise<void> => {
    const key = JSON.stringify(lines);
    if (key === lastSent) return chain;
    lastSent = key;
    running += 1;
    const run = async () => {
      try {
        onSaved?.(await save(lines, { keepalive }), lines);
      } catch (error) {
        // Not saved: the same lines may be sent again.
        if (lastSent === key) lastSent = null;
        onFailed?.(error, lines);
      } finally {
        running -= 1;
      }
    };
    const previous = chain;
    // Nothing under way: it leaves now. A page going away cannot wait for the save before it either.
    if (running === 1) chain = run();
    else if (keepalive) chain = Promise.all([previous, run()]).then(() => undefined);
    else chain = previous.then(run);
    return chain;
  };

  return {
    schedule(lines) {
      pending = lines;
      stopTimer();
      timer = setTimer(() => {
        timer = null;
        void this.flush();
      }, delayMs);
    },
    flush({ keepalive = false } = {}) {
      stopTimer();
      if (!pending) return chain;
      const lines = pending;
      pending = null;
      return send(lines, keepalive);
    },
    cancel() {
      stopTimer();
      pending = null;
    },
    settled: () => chain,
    busy: () => pending !== null || running > 0,
    know(lines) {
      lastSent = JSON.stringify(lines);
    },
  };
}
