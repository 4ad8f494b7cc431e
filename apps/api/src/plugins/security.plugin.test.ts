import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TENANT, type TestApp } from '../testing/test-app.js';

/**
 * The headers every answer carries, and the built web app's pages: each page's policy admits its
 * own inline scripts by hash and nothing inline besides. Run on the real build (`npm test` builds
 * first); without one, the page checks are skipped and say so.
 */
const webRoot = fileURLToPath(new URL('../../../web/build/client/', import.meta.url));
const built = existsSync(join(webRoot, 'index.html'));
if (!built) {
  console.warn(`security.plugin.test: no web build at ${webRoot}; run \`npm run build\` first. The built pages' checks are skipped.`);
}

const HSTS = 'max-age=31536000; includeSubDomains';
const FEATURES_OFF = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'interest-cohort', 'browsing-topics'];

/** The policy's directives by name: `{ 'script-src': ["'self'", …] }`. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/**
 * Inline scripts as a browser finds them, written apart from the server's own extraction so a
 * mistake there cannot hide here: every <script> element without a src, whatever its attributes.
 */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  let at = 0;
  for (;;) {
    const open = html.toLowerCase().indexOf('<script', at);
    if (open === -1) return scripts;
    const tagEnd = html.indexOf('>', open);
    const close = html.toLowerCase().indexOf('</script', tagEnd);
    const tag = html.slice(open, tagEnd + 1);
    if (!/\ssrc=/i.test(tag)) scripts.push(html.slice(tagEnd + 1, close));
    at = close + '</script'.length;
  }
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.isFile() && entry.name.endsWith('.html') ? [path] : [];
  });
}

describe('security headers', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [t, proxied] = await Promise.all([
      createTestApp({ webRoot: built ? webRoot : null }),
      createTestApp({
        trustProxy: true,
        siteConfig: {
          analyticsWriteKey: 'wk_123',
          errorReportingDsn: 'https://public@o1.ingest.example/7',
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), proxied?.close()]);
  });

  it.each([
    ['an API answer', '/v1/health', 200],
    ['an API error', '/v1/no-such-route', 404],
  ])('%s allows no inline script, no framing and no powerful feature', async (_name, url, status) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { tenant: TEST_TENANT } });
    expect(response.statusCode).toBe(status);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    const permissions = String(response.headers['permissions-policy']).split(/,\s*/);
    for (const feature of FEATURES_OFF) expect(permissions).toContain(`${feature}=()`);
  });

  it('lets the configured third-party script origins in, still without inline scripts', async () => {
    const response = await proxied.app.inject({ method: 'GET', url: '/site-config.json' });
    const policy = directives(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'", 'https://cdn.segment.com', 'https://js.sentry-cdn.com']);
    expect(policy['connect-src']).toContain('https://o1.ingest.example');
  });

  it('sends HSTS over HTTPS only: never over plain http, and believes X-Forwarded-Proto only behind TRUST_PROXY', async () => {
    const overHttp = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    const forgedProto = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forgedProto.headers['strict-transport-security']).toBeUndefined();

    const proxiedHttp = await proxied.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(proxiedHttp.headers['strict-transport-security']).toBeUndefined();
    const proxiedPlain = await proxied.app.inject({ method: 'GET', url: '/v1/health' });
    expect(proxiedPlain.headers['strict-transport-security']).toBeUndefined();
    const proxiedHttps = await proxied.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxiedHttps.headers['strict-transport-security']).toBe(HSTS);
  });

  describe.skipIf(!built)('the built web app', () => {
    const files = built ? htmlFiles(webRoot) : [];

    it('has pages with inline scripts to check', () => {
      const login = readFileSync(join(webRoot, 'login', 'index.html'), 'utf8');
      expect(files.length).toBeGreaterThan(10);
      // React Router's context, the boot module and our pre-paint head scripts, at least.
      expect(inlineScripts(login).length).toBeGreaterThanOrEqual(4);
    });

    it.each(files.map((file) => [relative(webRoot, file).split(sep).join('/'), file]))(
      '/%s: its policy admits exactly its own inline scripts, by hash',
      async (path, file) => {
        const expected = [...new Set(inlineScripts(readFileSync(file, 'utf8')).map(sha256Source))].sort();
        for (const encoding of ['identity', 'br']) {
          const response = await t.app.inject({ method: 'GET', url: `/${path}`, headers: { 'accept-encoding': encoding } });
          expect(response.headers['content-type']).toMatch(/^text\/html/);
          const scriptSrc = directives(response.headers['content-security-policy'])['script-src']!;
          expect(scriptSrc).not.toContain("'unsafe-inline'");
          expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(expected);
          expect(response.headers['x-frame-options']).toBe('DENY');
          expect(response.headers['permissions-policy']).toContain('camera=()');
          expect(response.headers['strict-transport-security']).toBeUndefined();
        }
      },
    );

    it.each([
      ['the home page', '/', 'index.html', 200],
      ['a brochure page', '/grand-crus/melbury', 'grand-crus/melbury/index.html', 200],
      ['the login page', '/login/', 'login/index.html', 200],
      ["a members' page (the SPA fallback)", '/profile', '__spa-fallback.html', 200],
      ['an unknown page', '/no-such-page', '404/index.html', 404],
    ])('%s carries the policy of the file it is served from', async (_name, url, file, status) => {
      const html = readFileSync(join(webRoot, file), 'utf8');
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode).toBe(status);
      expect(response.body).toBe(html);
      const scriptSrc = directives(response.headers['content-security-policy'])['script-src']!;
      for (const script of inlineScripts(html)) expect(scriptSrc).toContain(sha256Source(script));
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    });
  });
});
