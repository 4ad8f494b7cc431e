import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redactPath, resetAnalyticsForTests, sanitize, setAnalyticsUser, startAnalytics, track } from './analytics';

describe('analytics', () => {
  it('never sends passwords, tokens or card data, at any depth', () => {
    const token = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJjMSIsImVtYWlsIjoiYUBiLmMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    expect(
      sanitize({ reason: 'unauthorized', password: 'x', form: { cardNumber: '4242', cvv: '1', email: 'a@b.c' }, header: token }),
    ).toEqual({ reason: 'unauthorized', form: { email: 'a@b.c' } });
  });

  it('hides the one-time tokens of link pages', () => {
    expect(redactPath('/login-by-link/abc.def.ghi')).toBe('/login-by-link/[redacted]');
    expect(redactPath('/reset-password/Zm9vYmFyYmF6cXV4')).toBe('/reset-password/[redacted]');
    expect(redactPath('/create-password/Zm9vYmFyYmF6cXV4?x=1')).toBe('/create-password/[redacted]?x=1');
    expect(redactPath('/philosophy')).toBe('/philosophy');
  });

  describe('the provider', () => {
    const calls: unknown[][] = [];
    beforeEach(() => {
      calls.length = 0;
      resetAnalyticsForTests();
      vi.stubGlobal('window', {
        dispatchEvent: () => true,
        setTimeout: () => 0,
        location: { origin: 'https://wine.example' },
      });
      vi.stubGlobal('CustomEvent', class {});
    });
    afterEach(() => vi.unstubAllGlobals());

    it('queues calls made before the settings are known, and replays them with the user id', () => {
      setAnalyticsUser('c1');
      track('Login Failed', { reason: 'unauthorized' });
      startAnalytics({ writeKey: 'k', scriptUrl: '/a.js', pageTracking: true, pageViewDelayMs: 50 }, 2_000);
      const queue = (window as unknown as { analytics: unknown[][] }).analytics;
      expect([...queue]).toEqual([['track', 'Login Failed', { reason: 'unauthorized', userId: 'c1' }]]);
    });

    it('sends nothing anywhere when no write key is configured', () => {
      track('Before');
      startAnalytics(null, 2_000);
      track('After');
      expect((window as unknown as { analytics?: unknown }).analytics).toBeUndefined();
    });
  });
});
