import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@winery/domain';

// What sonner received once loaded; the toaster (React, sonner) is what the first toast fetches.
const received: unknown[][] = [];
const sonner = Object.assign((...args: unknown[]) => received.push(['message', ...args]), {
  success: (...args: unknown[]) => received.push(['success', ...args]),
  error: (...args: unknown[]) => received.push(['error', ...args]),
  info: (...args: unknown[]) => received.push(['info', ...args]),
  warning: (...args: unknown[]) => received.push(['warning', ...args]),
  dismiss: (...args: unknown[]) => received.push(['dismiss', ...args]),
});
const mounted = vi.fn(async () => sonner);
vi.mock('./toaster', () => ({ mountToaster: mounted }));

const { recentToasts, showCarriedToasts, toast } = await import('./sonner');

describe('the island’s toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(async () => {
    toast.dismiss();
    // The dismissal reaches sonner a microtask later.
    await Promise.resolve();
    await Promise.resolve();
    received.length = 0;
    vi.useRealTimers();
  });

  it('fetch sonner and its toaster with the first toast, once, and pass every toast on', async () => {
    expect(mounted).not.toHaveBeenCalled();
    toast.error('Your email address or password is invalid', { description: 'Please try again.' });
    toast.success('Welcome back.');
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(received[0]).toEqual(['error', 'Your email address or password is invalid', expect.objectContaining({ description: 'Please try again.' })]);
  });

  it('hand over what is still on screen, with what is left of its time', () => {
    toast.success('Sent.', { description: 'Look in your inbox.' });
    vi.setSystemTime(1_000);
    toast.error('Old news', { duration: 500 });
    vi.setSystemTime(1_200);
    expect(recentToasts().map((entry) => [entry.title, entry.duration])).toEqual([
      ['Sent.', TOAST_DURATION_MS - 1_200],
      ['Old news', 300],
    ]);
    vi.setSystemTime(1_600);
    expect(recentToasts()).toEqual([{ kind: 'success', title: 'Sent.', description: 'Look in your inbox.', duration: TOAST_DURATION_MS - 1_600 }]);
    vi.setSystemTime(TOAST_DURATION_MS);
    expect(recentToasts()).toEqual([]);
  });

  it('show handed-over toasts for the time they had left, and a toast with the same id only once', async () => {
    showCarriedToasts([{ kind: 'info', title: 'Carried', duration: 900 }]);
    toast('Saved', { id: 'save' });
    toast('Saved again', { id: 'save' });
    expect(recentToasts().map((entry) => entry.title)).toEqual(['Carried', 'Saved again']);
    expect(recentToasts()[0]?.duration).toBe(900);
    await vi.waitFor(() => expect(received).toHaveLength(3));
    expect(received[0]).toEqual(['info', 'Carried', expect.objectContaining({ duration: 900 })]);
  });
});
