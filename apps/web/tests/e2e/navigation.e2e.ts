import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { APP_PAGE, setupBrowser, signIn, waitForApp } from './support/browser';
import { membersLike, TENANT } from './support/fixtures';

const newPage = setupBrowser();
const members = membersLike('offering', 'member');
const phone = { viewport: { width: 390, height: 844 } };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The URL of a route's module in this build, from React Router's manifest. */
const routeModule = (page: Page, id: string) =>
  page.evaluate(
    (routeId) => (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } }).__reactRouterManifest.routes[routeId]!.module,
    id,
  );

async function signInAsMember(page: Page) {
  await signIn(page, members.member.email);
  await page.waitForURL('**/profile');
}

describe('scroll position', () => {
  it('is restored on back navigation, and the next page starts at the top', async () => {
    const { page } = await newPage(phone);
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2_000);
    await page.evaluate(() => window.scrollTo(0, 1_200));
    await expect.poll(() => scrollY(page)).toBe(1_200);
    // A click that does not scroll first (Playwright's own click would scroll the link into view).
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/team"]')!.click());
    await page.getByTestId('team-page').waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => scrollY(page)).toBe(1_200);
    await page.goForward();
    await page.getByTestId('team-page').waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  it('scrolls to the target of a hash link, on a full load and on client-side navigation', async () => {
    const { page } = await newPage(phone);
    await page.goto('/grand-crus/melbury#tasting-heading');
    const targetTop = () => page.evaluate(() => Math.round(document.getElementById('tasting-heading')!.getBoundingClientRect().top));
    await expect.poll(targetTop).toBeLessThanOrEqual(2);
    await expect.poll(targetTop).toBeGreaterThanOrEqual(-2);
    // Client-side navigation happens inside the app (public pages load as plain pages, ADR 006, ADR 023).
    await page.goto(APP_PAGE);
    await waitForApp(page);
    // What a <Link to="/grand-crus/quella#vintages-heading"> does.
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(
        '/grand-crus/quella#vintages-heading',
      ),
    );
    await page.waitForURL('**/grand-crus/quella#vintages-heading');
    await expect.poll(() => page.evaluate(() => Math.abs(Math.round(document.getElementById('vintages-heading')!.getBoundingClientRect().top)))).toBeLessThanOrEqual(2);
    expect(await scrollY(page)).toBeGreaterThan(200);
  });
});

describe('a route module that fails to load', () => {
  async function openLogoutWith(failures: 'once' | 'always') {
    const { page, context, consoleErrors } = await newPage();
    await signInAsMember(page);
    const logoutModule = await routeModule(page, 'routes/logout');
    let aborted = 0;
    await context.route(`**${logoutModule}`, (route) => {
      if (failures === 'always' || aborted === 0) {
        aborted += 1;
        return route.abort('failed');
      }
      return route.continue();
    });
    const documents: string[] = [];
    page.on('request', (request: Request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Logout' }).click();
    return { page, documents, consoleErrors, aborted: () => aborted };
  }

  it('reloads the page being opened once, which then works', async () => {
    const { page, documents, aborted } = await openLogoutWith('once');
    await page.waitForURL('**/login', { timeout: 15_000 });
    expect(documents).toEqual(['/logout']);
    expect(aborted()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('shows the something-went-wrong page when it fails again, instead of reloading in a loop', async () => {
    const { page, documents, aborted } = await openLogoutWith('always');
    await page.getByTestId('error-page').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/logout');
    await page.waitForTimeout(2_000);
    expect(documents).toEqual(['/logout']);
    expect(aborted()).toBe(2);
    await page.getByTestId('error-page').waitFor();
  });
});

describe('page data', () => {
  async function openPhilosophy(answers: (number | 'real')[]) {
    const { page } = await newPage();
    // Page data is fetched by client-side navigation, which starts on the app's pages (ADR 006, ADR 023).
    await page.goto(APP_PAGE);
    await waitForApp(page);
    let requests = 0;
    await page.route('**/philosophy.data*', (route) => {
      // Prefetch hints are not the navigation's own request.
      if (route.request().resourceType() !== 'fetch') return route.continue();
      const answer = answers[Math.min(requests, answers.length - 1)];
      requests += 1;
      return answer === 'real' ? route.continue() : route.fulfill({ status: answer, body: 'unavailable' });
    });
    await mainNav(page).getByRole('link', { name: 'Philosophy' }).click();
    return { page, requests: () => requests };
  }

  it('a 404 shows the page-not-found page', async () => {
    const { page, requests } = await openPhilosophy([404]);
    await page.getByTestId('not-found-page').waitFor();
    expect(requests()).toBe(1);
  });

  it('a 500 shows the something-went-wrong page at once', async () => {
    const { page, requests } = await openPhilosophy([500]);
    await page.getByTestId('error-page').waitFor();
    expect(requests()).toBe(1);
  });

  it('a 503 is retried: twice 503 then 200 renders the page', async () => {
    const { page, requests } = await openPhilosophy([503, 503, 'real']);
    await page.getByTestId('philosophy-page').waitFor();
    expect(requests()).toBe(3);
    expect(new URL(page.url()).pathname).toBe('/philosophy');
  });

  it('gives up after 3 retries and shows the something-went-wrong page', async () => {
    const { page, requests } = await openPhilosophy([503]);
    await page.getByTestId('error-page').waitFor();
    expect(requests()).toBe(4);
  });
});

/**
 * Prefetching runs on timers (a first batch 0.5 s after a page settles, then one every 3 s). These
 * tests stop the page's clock and move it on 100 ms at a time, reading what was prefetched at each
 * step, so the page's own time decides which batch a page belongs to — not how busy the machine is.
 */
async function stepClock(page: Page, steps: number, onStep: (now: number) => Promise<void>) {
  for (let i = 0; i < steps; i += 1) {
    await page.clock.runFor(100);
    await onStep(await page.evaluate(() => Date.now()));
  }
}

/** Moves the stopped clock on until `ready` holds: hydration waits for a frame and a timeout. */
async function stepUntil(page: Page, ready: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await ready()); i += 1) await page.clock.runFor(16);
  expect(await ready()).toBe(true);
}

/** No 3-second window (of the page's clock) holds more than 4 of them. */
function expectBatchesOfFour(seen: { at: number }[]) {
  for (const { at } of seen) expect(seen.filter((s) => s.at >= at && s.at < at + 2_900).length).toBeLessThanOrEqual(4);
}

describe('prefetching linked pages', () => {
  it('prefetches visible links in batches of at most 4 every 3 s', async () => {
    const { page } = await newPage({ viewport: { width: 1280, height: 900 } });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const moduleRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/.+\.js$/.test(request.url())) moduleRequests.push(request.url());
    });
    await page.goto(APP_PAGE);
    await stepUntil(page, () => page.evaluate(() => '__reactRouterDataRouter' in window));
    // The clock stands still: no batch runs on the first page before the navigation.
    await mainNav(page).getByRole('link', { name: 'Philosophy' }).click();
    await stepUntil(page, () => page.getByTestId('philosophy-page').isVisible());
    const routeModules = await page.evaluate(() =>
      Object.values((window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } }).__reactRouterManifest.routes).map(
        (route) => route.module,
      ),
    );
    const isRouteModule = (url: string) => routeModules.some((module) => url.endsWith(module));
    const settled = moduleRequests.filter(isRouteModule).length;
    const seen: { page: string; at: number }[] = [];
    await stepClock(page, 75, async (now) => {
      const pages = await page.evaluate(() =>
        [...document.querySelectorAll('[data-prefetched-page]')].map((element) => element.getAttribute('data-prefetched-page')!),
      );
      for (const path of pages) if (!seen.some((s) => s.page === path)) seen.push({ page: path, at: now });
      // …and no more than 4 route modules fetched for each batch so far.
      const batches = new Set(seen.map((s) => s.at)).size;
      expect(moduleRequests.filter(isRouteModule).length - settled).toBeLessThanOrEqual(4 * batches);
    });
    const visibleLinks = await page.evaluate(() => document.querySelectorAll('a[href^="/"]').length);
    expect(visibleLinks).toBeGreaterThan(4);
    expect(seen.length).toBeGreaterThan(4);
    expectBatchesOfFour(seen);
    // The page itself is never prefetched.
    expect(seen.map((s) => s.page)).not.toContain('/philosophy');
  });

  it('prefetches from a brochure page the same way, as page hints, in batches of at most 4 every 3 s', async () => {
    const { page } = await newPage({ viewport: { width: 1280, height: 900 } });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto('/grand-crus');
    const hints = () => page.evaluate(() => [...document.querySelectorAll('link[rel="prefetch"][data-prefetched-page]')].map((l) => l.getAttribute('data-prefetched-page')!));
    const seen: { page: string; at: number }[] = [];
    await stepClock(page, 75, async (now) => {
      for (const path of await hints()) if (!seen.some((s) => s.page === path)) seen.push({ page: path, at: now });
    });
    expect(seen.length).toBeGreaterThan(4);
    expectBatchesOfFour(seen);
    expect(seen.map((s) => s.page)).not.toContain('/grand-crus');
    expect(seen.map((s) => s.page)).not.toContain('/logout');
  });
});

describe('brochure pages (ADR 006)', () => {
  it('ship without the React app: their only module is the brochure script', async () => {
    const { page } = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/philosophy');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => s.startsWith('/assets/'))).toEqual([expect.stringMatching(/^\/assets\/brochure-island-.+\.js$/)]);
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  });

  it.each<['offering' | 'member', string[]]>([
    ['offering', ['Letter', 'Allocation', 'Vintage Notes']],
    ['member', ['Philosophy', 'Grand Crus', 'Matriarch', 'Team', 'Account']],
  ])('show a member like %s@example.com their own header links and the footer Account and Logout', async (story, expected) => {
    const { page } = await newPage();
    await signIn(page, members[story].email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/philosophy');
    const labels = () => mainNav(page).getByRole('link').allInnerTexts();
    await expect.poll(async () => (await labels()).map((t) => t.trim())).toEqual(expected);
    expect(await mainNav(page).getAttribute('data-state')).toBe('ready');
    const footer = page.getByRole('contentinfo');
    expect((await footer.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(
      expect.arrayContaining(['Account', 'Logout', 'Bottle Verification']),
    );
    await footer.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/philosophy');
    await expect.poll(async () => (await labels()).map((t) => t.trim())).toEqual(['Philosophy', 'Grand Crus', 'Matriarch', 'Team', 'Allocation', 'Login']);
    expect(await footer.getByRole('link', { name: 'Logout' }).count()).toBe(0);
  });

  it('forget a session the server has ended, and an expired one', async () => {
    const { page } = await newPage();
    await signInAsMember(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.request.post('/v1/customer/logout', { headers: { tenant: TENANT, Authorization: token ?? '' } });
    await page.goto('/team');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect.poll(async () => (await mainNav(page).getByRole('link').allInnerTexts()).map((t) => t.trim())).toContain('Login');

    await page.evaluate(() => {
      localStorage.setItem('token', 'a.b.c');
      localStorage.setItem('expiry', String(Date.now() - 1));
      localStorage.setItem('cartId', 'cart-1');
    });
    await page.goto('/team');
    await expect
      .poll(() => page.evaluate(() => ['token', 'expiry', 'cartId'].map((key) => localStorage.getItem(key))))
      .toEqual([null, null, null]);
  });
});
