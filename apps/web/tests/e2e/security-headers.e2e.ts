import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupBrowser, signIn, waitForApp, type TestPage } from './support/browser';
import { membersLike } from './support/fixtures';

// The server runs with analytics and error reporting configured (support/global-setup.ts), so
// their loaders and scripts run under the same policy as everything else.
const newPage = setupBrowser();
const members = membersLike('offering');

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * A page whose every refusal by the Content Security Policy (or complaint about the
 * Permissions-Policy header) is recorded: the `securitypolicyviolation` events of every document
 * it loads, and the console lines Chromium writes for them.
 */
async function watchedPage(): Promise<TestPage & { violations: Violation[]; policyConsole: string[] }> {
  const opened = await newPage();
  const violations: Violation[] = [];
  const policyConsole: string[] = [];
  await opened.context.exposeBinding('__recordCspViolation', (_source, violation: Violation) => {
    violations.push(violation);
  });
  await opened.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __recordCspViolation: (v: unknown) => void }).__recordCspViolation({
        page: location.pathname,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  opened.page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (execute|load|apply)|Permissions-Policy/i.test(text)) policyConsole.push(text);
  });
  return { ...opened, violations, policyConsole };
}

/** The brochure script has run on this page load: it sent the page view. */
const brochureScriptRan = (analytics: TestPage['analytics'], path: string) =>
  expect.poll(() => analytics.some((event) => event.type === 'page' && event.properties?.path === path)).toBe(true);

describe('the Content Security Policy, with every script the site runs', () => {
  it('refuses nothing on the brochure, the login page, the offering and the account, and the pages still work', async () => {
    const { page, analytics, sinkRequests, consoleErrors, violations, policyConsole } = await watchedPage();

    const home = await page.goto('/');
    const policy = home!.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy.match(/script-src[^;]*/)![0]).not.toContain("'unsafe-inline'");
    expect(home!.headers()['x-frame-options']).toBe('DENY');
    await brochureScriptRan(analytics, '/');

    // A brochure page, reached as a visitor does: a full page load from the header.
    await mainNav(page).getByRole('link', { name: 'Philosophy' }).click();
    await page.getByTestId('philosophy-page').waitFor();
    await brochureScriptRan(analytics, '/philosophy');
    // The brochure loads analytics 2 s after start: let it, and error reporting, run here too.
    await expect
      .poll(() => [...new Set(sinkRequests.map((r) => new URL(r.url).pathname))].sort())
      .toEqual(['/__test-sink/analytics.js', '/__test-sink/errors.js']);

    // The login page hydrates after its first paint, from its inline boot module.
    await signIn(page, members.offering.email);
    await page.waitForURL('**/offering/letter');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Client-side navigation through the offering, then to the account.
    for (const [link, path] of [
      ['Allocation', '/offering/allocation'],
      ['Vintage Notes', '/offering/vintage-notes'],
      ['Letter', '/offering/letter'],
    ] as const) {
      await mainNav(page).getByRole('link', { name: link }).click();
      await page.waitForURL(`**${path}`);
      await expect.poll(() => analytics.filter((e) => e.type === 'page').at(-1)?.properties?.path).toBe(path);
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Account' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();

    // A members' page loaded whole (the SPA fallback and its own inline scripts).
    await page.goto('/profile');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => typeof (window as { __analyticsSink?: unknown }).__analyticsSink))
      .toBe('object');
    await expect
      .poll(() => page.evaluate(() => typeof (window as { __errorSink?: unknown }).__errorSink))
      .toBe('object');

    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    expect(policyConsole).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('is enforced: an inline script the build did not ship is refused and reported', async () => {
    const { page, violations, policyConsole } = await watchedPage();
    await page.goto('/login');
    await waitForApp(page);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.map((v) => [v.page, v.directive, v.blocked])).toEqual([['/login', 'script-src-elem', 'inline']]);
    expect(policyConsole.join('\n')).toMatch(/Content Security Policy/);
  });
});
