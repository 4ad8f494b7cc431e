import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { APP_PAGE, APP_PAGE_IN_ANALYTICS, setupBrowser, signIn, waitForApp } from './support/browser';
import { membersLike } from './support/fixtures';
import { analyticsSinkCalls, errorSinkCalls, sentReports } from './support/third-party-sinks';

const newPage = setupBrowser();
const members = membersLike('member');

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The analytics library (the sink) has loaded and replayed what the app queued. */
const sinkLoaded = (page: Page) =>
  expect.poll(() => page.evaluate(() => typeof (window as { __analyticsSink?: unknown }).__analyticsSink)).toBe('object');

describe('analytics', () => {
  it('loads the analytics library 2 s after start, and the page views queued before it arrive', async () => {
    const { page, sinkRequests } = await newPage();
    // Client-side navigation, in the app (the public pages are islands whose links load pages, ADR 023).
    await page.goto(APP_PAGE);
    await waitForApp(page);
    await mainNav(page).getByRole('link', { name: 'Philosophy' }).click();
    await page.getByTestId('philosophy-page').waitFor();
    await expect.poll(() => sinkRequests.filter((r) => r.url.endsWith('/analytics.js')).length).toBe(1);
    // From the page's own start (its navigation), not the test's: on a busy CI run loading and
    // starting the app alone took over 3 s. The app starts after the navigation, so the library's
    // 2 s wait still shows as at least that; the upper bound only says it was not left for later.
    const navigatedAt = await page.evaluate(() => performance.timeOrigin);
    const requested = sinkRequests.find((r) => r.url.endsWith('/analytics.js'))!.at - navigatedAt;
    expect(requested).toBeGreaterThanOrEqual(1_900);
    expect(requested).toBeLessThan(10_000);
    await sinkLoaded(page);
    expect(await page.evaluate(() => (window as { __analyticsSinkWriteKey?: string }).__analyticsSinkWriteKey)).toBe('test-key');
    const pages = (await analyticsSinkCalls(page)).filter((call) => call.method === 'page').map((call) => call.args[0]);
    expect(pages).toEqual([
      expect.objectContaining({ path: APP_PAGE_IN_ANALYTICS, hasPreviousLocation: false }),
      expect.objectContaining({ path: '/philosophy', hasPreviousLocation: true, referrer: APP_PAGE_IN_ANALYTICS }),
    ]);
    expect(pages[0]).not.toHaveProperty('userId');
  });

  it('sends the member’s customer id with page views and events once signed in', async () => {
    const { page, analytics } = await newPage();
    await signIn(page, members.member.email);
    await page.waitForURL('**/profile');
    const customerId = decodeJwt((await page.evaluate(() => localStorage.getItem('token'))) ?? '').sub;
    expect(customerId).toBeTruthy();
    await expect
      .poll(() => analytics.filter((e) => e.type === 'page').map((e) => [e.properties?.path, e.properties?.userId]))
      .toEqual([
        ['/login', undefined],
        ['/profile', customerId],
      ]);
    await mainNav(page).getByRole('link', { name: 'Team' }).click();
    await page.waitForURL('**/team');
    await expect.poll(() => analytics.filter((e) => e.type === 'page').at(-1)?.properties).toMatchObject({
      path: '/team',
      hasPreviousLocation: true,
      userId: customerId,
    });
    await sinkLoaded(page);
    const sinkPages = (await analyticsSinkCalls(page)).filter((c) => c.method === 'page');
    expect(sinkPages.at(-1)?.args[0]).toMatchObject({ path: '/team', userId: customerId });
  });

  it('sends page views from brochure pages too, each a page load that knows where it came from', async () => {
    const { page, analytics, sinkRequests } = await newPage();
    const started = Date.now();
    await page.goto('/');
    await mainNav(page).getByRole('link', { name: 'Team' }).click();
    await page.waitForURL('**/team');
    await expect
      .poll(() => analytics.filter((e) => e.type === 'page').map((e) => e.properties))
      .toEqual([
        expect.objectContaining({ path: '/', hasPreviousLocation: false }),
        expect.objectContaining({ path: '/team', hasPreviousLocation: true, referrer: '/' }),
      ]);
    await expect.poll(() => sinkRequests.filter((r) => r.url.endsWith('/analytics.js')).length).toBeGreaterThan(0);
    expect(sinkRequests.find((r) => r.url.endsWith('/analytics.js'))!.at - started).toBeGreaterThanOrEqual(1_900);
    const events = await page.evaluate(() => ((window as unknown as { dataLayer?: { event?: unknown }[] }).dataLayer ?? []).map((e) => e.event));
    expect(events).toContain('winery-route-change');
  });

  it('pushes the configured route-change event to the data layer 50 ms after each route update', async () => {
    const { page } = await newPage();
    await page.goto(APP_PAGE);
    await waitForApp(page);
    const events = () =>
      page.evaluate(() => ((window as unknown as { dataLayer?: { event?: unknown }[] }).dataLayer ?? []).map((entry) => entry.event).filter((e) => String(e).includes('route-change')));
    await expect.poll(events).toEqual(['winery-route-change']);
    await mainNav(page).getByRole('link', { name: 'Team' }).click();
    await page.getByTestId('team-page').waitFor();
    await expect.poll(events).toEqual(['winery-route-change', 'winery-route-change']);
  });
});

describe('error reporting', () => {
  it('initialises the service with the seed’s sampling and a beforeSend', async () => {
    const { page } = await newPage();
    await page.goto('/login');
    await expect.poll(async () => (await errorSinkCalls(page)).find((c) => c.kind === 'init')?.options).toEqual({
      dsn: 'https://public@errors.example/1',
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      beforeSend: 'function',
    });
  });

  it('a wrong password: Login Failed is tracked, Failed Login Attempt reported as a warning, the password nowhere', async () => {
    const password = 'not-the-password-42';
    const { page, analytics } = await newPage();
    await page.goto('/login');
    await waitForApp(page);
    // The reporting service wraps fetch once it has loaded (after first paint): sign in after
    // that, so its breadcrumbs hold the login request whose body beforeSend must redact.
    await expect.poll(async () => (await errorSinkCalls(page)).some((c) => c.kind === 'init')).toBe(true);
    await page.getByLabel('Email').fill(members.member.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('login-error').waitFor();
    await expect.poll(() => sentReports(page)).toContainEqual(
      expect.objectContaining({ message: 'Failed Login Attempt', level: 'warning' }),
    );
    expect((await sentReports(page)).filter((r) => r.message === 'Failed Login Attempt')).toHaveLength(1);
    await sinkLoaded(page);
    expect((await analyticsSinkCalls(page)).filter((c) => c.method === 'track').map((c) => c.args[0])).toEqual(['Login Failed']);
    expect(analytics.filter((e) => e.event === 'Login Failed')).toHaveLength(1);
    // The error double kept every fetch body in its breadcrumbs, the login body included: beforeSend must have redacted it.
    const everything = JSON.stringify([
      await errorSinkCalls(page),
      await analyticsSinkCalls(page),
      analytics,
      await page.evaluate(() => (window as unknown as { dataLayer?: unknown }).dataLayer),
    ]);
    expect(everything).toContain('[Filtered]');
    expect(everything).not.toContain(password);
  });

  it('reports a validation error from the API as the info Form Validation Error, with the member attached', async () => {
    const { page } = await newPage();
    await signIn(page, members.member.email);
    await page.waitForURL('**/profile');
    const customerId = decodeJwt((await page.evaluate(() => localStorage.getItem('token'))) ?? '').sub;
    // The form checks what the member types; here the request is changed on its way (a NUL in the
    // first name), so the API's own check refuses it with a field error.
    await page.route('**/v1/customer/*', (route) => {
      const request = route.request();
      if (request.method() !== 'PUT') return route.continue();
      return route.continue({ postData: JSON.stringify({ ...request.postDataJSON(), firstName: 'Sofia\u0000' }) });
    });
    const refused = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/v1/customer/'));
    await page.getByTestId('account-nav').getByRole('link', { name: 'Personal details' }).click();
    await page.getByRole('button', { name: 'Save details' }).click();
    expect((await refused).status()).toBe(400);
    await expect.poll(() => sentReports(page), { timeout: 10_000 }).toContainEqual(
      expect.objectContaining({
        message: 'Form Validation Error',
        level: 'info',
        user: { id: customerId, email: members.member.email },
      }),
    );
  });

  it('attaches the member’s id and e-mail while signed in, and clears them on logout', async () => {
    const { page } = await newPage();
    await signIn(page, members.member.email);
    await page.waitForURL('**/profile');
    const customerId = decodeJwt((await page.evaluate(() => localStorage.getItem('token'))) ?? '').sub;
    await expect
      .poll(async () => (await errorSinkCalls(page)).filter((c) => c.kind === 'setUser').map((c) => c.user))
      .toContainEqual({ id: customerId, email: members.member.email });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await expect.poll(async () => (await errorSinkCalls(page)).filter((c) => c.kind === 'setUser').at(-1)?.user).toBeNull();
  });
});
