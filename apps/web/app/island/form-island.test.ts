import { describe, expect, it, vi } from 'vitest';

// The brochure's behaviour and the island's start need a page; what is tested here does not.
vi.mock('./brochure-island', () => ({}));
vi.stubGlobal('document', { querySelector: () => null, documentElement: { setAttribute: () => undefined } });
const { ISLAND_PAGES, visitorMoves } = await import('./form-island');

/** A page as far as the trigger needs one: listeners, and where the focus is. */
function fakePage() {
  const listeners = new Map<string, Set<() => void>>();
  const target = {
    activeElement: null as unknown,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
    removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
    fire: (type: string) => [...(listeners.get(type) ?? [])].forEach((listener) => listener()),
    count: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
  const main = { ...target, contains: (node: unknown) => node === 'a field in the form' };
  return { target, main };
}

describe('the form pages’ script', () => {
  it.each(['pointerdown', 'touchstart', 'wheel', 'keydown', 'focusin', 'input'])('runs the island on the visitor’s first %s, then stops listening', async (type) => {
    const { target, main } = fakePage();
    let moved = false;
    const done = visitorMoves(main as never, target as never).then(() => (moved = true));
    await Promise.resolve();
    expect(moved).toBe(false);
    target.fire(type);
    await done;
    expect(moved).toBe(true);
    expect(target.count() + main.count()).toBe(0);
  });

  it('runs it on a pointer over the page’s content', async () => {
    const { target, main } = fakePage();
    const done = visitorMoves(main as never, target as never);
    main.fire('pointerover');
    await expect(done).resolves.toBeUndefined();
  });

  it('runs it at once when the visitor is already in the form', async () => {
    const { target, main } = fakePage();
    target.activeElement = 'a field in the form';
    await expect(visitorMoves(main as never, target as never)).resolves.toBeUndefined();
    expect(target.count()).toBe(0);
  });

  it('knows an island for every form page, and which ones only show what was handed over', () => {
    expect(Object.keys(ISLAND_PAGES).sort()).toEqual(
      ['bottle-verification', 'forgot-password', 'forgot-password-success', 'founders-list', 'join-request', 'join-request-sent', 'login'],
    );
    expect(Object.entries(ISLAND_PAGES).filter(([, page]) => page.onlyWithState).map(([name]) => name).sort()).toEqual([
      'forgot-password-success',
      'join-request-sent',
    ]);
  });
});
