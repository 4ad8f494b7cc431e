import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../lib/session/storage';
import { HANDOVER_KEY } from '../handover';

const store = createMemoryStore();
const location = {
  origin: 'https://wine.example',
  pathname: '/login',
  search: '?redirectTo=%2Foffering',
  hash: '',
  assign: vi.fn(),
  replace: vi.fn(),
};
const history = { go: vi.fn() };
vi.stubGlobal('window', { location, history, sessionStorage: store, setTimeout: (run: () => void, ms: number) => setTimeout(run, ms) });
vi.mock('./toaster', () => ({ mountToaster: async () => Object.assign(() => undefined, { success: () => undefined, info: () => undefined }) }));

const { navigateTo, useLocation, useSearchParams } = await import('./react-router');
const { toast } = await import('./sonner');

describe('navigation in a form island', () => {
  beforeEach(() => vi.useFakeTimers({ now: 10_000 }));
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
    store.removeItem(HANDOVER_KEY);
  });

  it('loads the next page, handing it the state', () => {
    navigateTo('/allocation-request', { state: { firstName: 'Ada' } });
    expect(location.assign).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(location.assign).toHaveBeenCalledWith('/allocation-request');
    expect(JSON.parse(store.getItem(HANDOVER_KEY)!)).toEqual({ to: '/allocation-request', at: 10_000, state: { firstName: 'Ada' }, toasts: [] });
  });

  it('replaces this page when asked, and hands over the toasts still on screen, even one shown as it leaves', () => {
    toast.success('Welcome back.');
    vi.advanceTimersByTime(1_000);
    navigateTo('/offering/letter', { replace: true });
    toast.info('On your way.');
    vi.runAllTimers();
    expect(location.replace).toHaveBeenCalledWith('/offering/letter');
    expect(JSON.parse(store.getItem(HANDOVER_KEY)!).toasts).toEqual([
      { kind: 'success', title: 'Welcome back.', duration: 2_000 },
      { kind: 'info', title: 'On your way.', duration: 3_000 },
    ]);
  });

  it('goes back and forth in history by number', () => {
    navigateTo(-1);
    vi.runAllTimers();
    expect(history.go).toHaveBeenCalledWith(-1);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('reads this page’s address (and no state, when none was handed over)', () => {
    expect(useLocation()).toMatchObject({ pathname: '/login', search: '?redirectTo=%2Foffering', state: null });
    expect(useSearchParams()[0].get('redirectTo')).toBe('/offering');
  });
});
