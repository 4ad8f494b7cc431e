import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSiteConfig, parseSiteConfig, resetSiteConfigForTests, SITE_CONFIG_OFF, thirdPartyScripts } from './site-config';

const configured = {
  analytics: { writeKey: 'k', scriptUrl: '/a.js', pageTracking: true, pageViewDelayMs: 50 },
  routeChangeEventName: 'route-change',
  minimumAge: 25,
  errorReporting: { dsn: 'https://public@errors.example/1', scriptUrl: '/e.js' },
};

describe('the third-party gate', () => {
  beforeEach(() => resetSiteConfigForTests());

  it('loads no third-party script when no key is configured', () => {
    expect(thirdPartyScripts(SITE_CONFIG_OFF)).toEqual({ analytics: null, errorReporting: null });
    expect(thirdPartyScripts(parseSiteConfig({ analytics: null, routeChangeEventName: 'x', errorReporting: null }))).toEqual({
      analytics: null,
      errorReporting: null,
    });
  });

  it('loads each configured script', () => {
    expect(thirdPartyScripts(configured)).toEqual({ analytics: '/a.js', errorReporting: '/e.js' });
  });

  it('takes the minimum age from the answer, 21 when the server leaves it out', () => {
    expect(parseSiteConfig(configured).minimumAge).toBe(25);
    const { minimumAge: _left, ...withoutAge } = configured;
    expect(parseSiteConfig(withoutAge).minimumAge).toBe(21);
  });

  it('treats a malformed answer as everything off', () => {
    expect(parseSiteConfig({ analytics: { writeKey: '' } })).toEqual(SITE_CONFIG_OFF);
    expect(parseSiteConfig('nope')).toEqual(SITE_CONFIG_OFF);
  });

  it('asks the server once and falls back to off when it fails', async () => {
    const failing = vi.fn(() => Promise.reject(new TypeError('offline')));
    await expect(loadSiteConfig(failing as unknown as typeof fetch)).resolves.toEqual(SITE_CONFIG_OFF);
    await loadSiteConfig(failing as unknown as typeof fetch);
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('uses the answer when it is well formed', async () => {
    const ok = vi.fn(() => Promise.resolve(new Response(JSON.stringify(configured), { status: 200 })));
    await expect(loadSiteConfig(ok as unknown as typeof fetch)).resolves.toEqual(configured);
  });
});
