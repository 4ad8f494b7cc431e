import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { buildSiteConfig, thirdPartyOrigins } from './site-config.plugin.js';

describe('GET /site-config.json', () => {
  let configured: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    [configured, bare] = await Promise.all([
      createTestApp({
        siteConfig: {
          analyticsWriteKey: 'wk_123',
          analyticsScriptUrl: 'https://cdn.analytics.example/a.js',
          analyticsPageTracking: true,
          analyticsPageViewDelayMs: 120,
          routeChangeEventName: 'route-changed',
          errorReportingDsn: 'https://public@errors.example/1',
          errorReportingScriptUrl: '/vendor/errors.js',
        },
        minimumAge: 18,
      }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([configured?.close(), bare?.close()]);
  });

  it('answers the configured services without a session or tenant, never cached stale', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/site-config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      analytics: {
        writeKey: 'wk_123',
        scriptUrl: 'https://cdn.analytics.example/a.js',
        pageTracking: true,
        pageViewDelayMs: 120,
      },
      routeChangeEventName: 'route-changed',
      minimumAge: 18,
      errorReporting: { dsn: 'https://public@errors.example/1', scriptUrl: '/vendor/errors.js' },
    });
  });

  it('turns every service off when no key is configured', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/site-config.json' });
    expect(response.json()).toEqual({
      analytics: null,
      routeChangeEventName: 'gatsby-route-change',
      minimumAge: 21,
      errorReporting: null,
    });
  });

  it('lets the configured script origins through the Content-Security-Policy, and only those', async () => {
    const csp = (await configured.app.inject({ method: 'GET', url: '/site-config.json' })).headers[
      'content-security-policy'
    ];
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.analytics\.example;/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cdn\.analytics\.example https:\/\/errors\.example;/);
    const bareCsp = (await bare.app.inject({ method: 'GET', url: '/site-config.json' })).headers[
      'content-security-policy'
    ];
    expect(bareCsp).toMatch(/script-src 'self';/);
  });
});

describe('buildSiteConfig', () => {
  it('serves the minimum age, 21 unless configured', () => {
    expect(buildSiteConfig({}).minimumAge).toBe(21);
    expect(buildSiteConfig({ minimumAge: 25 }).minimumAge).toBe(25);
  });

  it('never lets the page-view delay go below 0', () => {
    expect(buildSiteConfig({ analyticsWriteKey: 'k', analyticsPageViewDelayMs: -20 }).analytics?.pageViewDelayMs).toBe(0);
  });

  it("defaults the scripts to the vendors' CDNs for the key", () => {
    const config = buildSiteConfig({ analyticsWriteKey: 'wk', errorReportingDsn: 'https://abc@o1.ingest.example/7' });
    expect(config.analytics).toEqual({
      writeKey: 'wk',
      scriptUrl: 'https://cdn.segment.com/analytics.js/v1/wk/analytics.min.js',
      pageTracking: false,
      pageViewDelayMs: 50,
    });
    expect(config.errorReporting?.scriptUrl).toBe('https://js.sentry-cdn.com/abc.min.js');
    expect(thirdPartyOrigins(config)).toEqual({
      script: ['https://cdn.segment.com', 'https://js.sentry-cdn.com'],
      connect: [
        'https://cdn.segment.com',
        'https://js.sentry-cdn.com',
        'https://o1.ingest.example',
        'https://api.segment.io',
      ],
    });
  });
});
