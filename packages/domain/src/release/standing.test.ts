import { describe, expect, it } from 'vitest';
import { ListRulesInputSchema, standingState, windowEverOpened } from './standing.js';

describe('standingState', () => {
  const window = { opensAt: new Date('2026-03-01T16:00:00Z'), closesAt: new Date('2026-03-15T16:00:00Z') };
  const at = (iso: string) => new Date(iso);

  it('is upcoming until the opening, open from it to the close inclusive, closed after', () => {
    expect(standingState(window, at('2026-03-01T15:59:59.999Z'))).toBe('upcoming');
    expect(standingState(window, at('2026-03-01T16:00:00Z'))).toBe('open');
    expect(standingState(window, at('2026-03-15T16:00:00Z'))).toBe('open');
    expect(standingState(window, at('2026-03-15T16:00:00.001Z'))).toBe('closed');
  });

  it('closing early ends the window then', () => {
    const early = { ...window, closedEarlyAt: at('2026-03-05T12:00:00Z') };
    expect(standingState(early, at('2026-03-05T12:00:00Z'))).toBe('open');
    expect(standingState(early, at('2026-03-05T12:00:00.001Z'))).toBe('closed');
    expect(standingState({ ...window, closedEarlyAt: null }, at('2026-03-10T00:00:00Z'))).toBe('open');
  });
});

describe('windowEverOpened', () => {
  const window = { opensAt: new Date('2026-03-01T16:00:00Z'), closesAt: new Date('2026-03-15T16:00:00Z') };

  it('is true for a window that was open for at least its opening instant', () => {
    expect(windowEverOpened(window)).toBe(true);
    expect(windowEverOpened({ ...window, closesAt: window.opensAt })).toBe(true);
    expect(windowEverOpened({ ...window, closedEarlyAt: window.opensAt })).toBe(true);
  });

  it('is false when the offering closed early, or the tier closed, before the member opened', () => {
    expect(windowEverOpened({ ...window, closedEarlyAt: new Date('2026-03-01T15:59:59.999Z') })).toBe(false);
    expect(windowEverOpened({ ...window, closesAt: new Date('2026-03-01T15:59:59.999Z') })).toBe(false);
  });
});

describe('ListRulesInputSchema', () => {
  it('takes Markdown, empty included (no rules yet)', () => {
    expect(ListRulesInputSchema.parse({ markdown: '' })).toEqual({ markdown: '' });
    expect(ListRulesInputSchema.safeParse({ markdown: 42 }).success).toBe(false);
  });
});
