import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type Request, type ViewportSize } from 'playwright-core';
import { PASSWORD } from './fixtures';
import { recordSinkRequests, type SinkRequest } from './third-party-sinks';

export const baseURL = () => inject('baseURL');

/** Debian's Chromium headless shell, when installed: the same engine, lighter to run (scripts/lib.mjs). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // V8's optimising tiers (Maglev, TurboFan) compile hot code for a speed-up a test page, gone in
  // seconds, never lives to use: without them the renderers spent a tenth less CPU on the same
  // journeys (account, offering, joining: 49.6-51.8 s against 56.2-58.4 s, three runs each,
  // alternated), and Chromium is most of the browser lane's CPU. The interpreter and the baseline
  // compiler run the same code; speed is measured with full Chromium by bench/lighthouse.mjs.
  '--js-flags=--no-opt --no-maglev',
];

export interface AnalyticsEvent {
  type: 'track' | 'identify' | 'reset' | 'page';
  event?: string;
  properties?: Record<string, unknown>;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Everything the app sent to the analytics sink, in order. */
  analytics: AnalyticsEvent[];
  /** Console errors that are not expected network refusals. */
  consoleErrors: string[];
  /** Dialog (alert) messages the page showed. */
  dialogs: string[];
  /** Requests for the third-party test doubles' scripts (analytics.js, errors.js), with times. */
  sinkRequests: SinkRequest[];
}

/**
 * One Chromium per test file (Debian's package; never a downloaded browser) and a fresh context per
 * test, so no storage leaks from one journey into the next.
 */
export function setupBrowser() {
  let browser: Browser;
  const open: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: launchArgs,
    });
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
  });

  return async function newPage(
    options: BrowserContextOptions & { initScript?: string } = {},
  ): Promise<TestPage> {
    const { initScript, ...contextOptions } = options;
    const context = await browser.newContext({ baseURL: baseURL(), ...contextOptions });
    open.push(context);
    const analytics: AnalyticsEvent[] = [];
    const consoleErrors: string[] = [];
    const dialogs: string[] = [];
    const sinkRequests = recordSinkRequests(context);
    await context.exposeBinding('__recordAnalytics', (_source, detail: AnalyticsEvent) => {
      analytics.push(detail);
    });
    await context.addInitScript(() => {
      window.addEventListener('winery:analytics', (event) => {
        (window as unknown as { __recordAnalytics: (d: unknown) => void }).__recordAnalytics(
          (event as CustomEvent).detail,
        );
      });
    });
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    trackRequests(page);
    page.on('console', (message) => {
      // A refused request (401, 404) is logged by Chromium itself; the tests assert those answers.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        consoleErrors.push(message.text());
      }
    });
    page.on('pageerror', (error) => consoleErrors.push(`${error.name}: ${error.message}`));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    return { page, context, analytics, consoleErrors, dialogs, sinkRequests };
  };
}

/**
 * A page of the app that a visitor can open, with the site's header: where the journeys about
 * client-side navigation start, now that the public pages (the login page too) are islands whose
 * links load pages (ADR 006, ADR 023). A reset-password page shows its form and asks the server
 * nothing until it is sent; analytics sees its path with the token redacted.
 */
export const APP_PAGE = '/reset-password/journey-start-not-a-real-token';
export const APP_PAGE_IN_ANALYTICS = '/reset-password/[redacted]';

/**
 * Resolves once the page's scripts have taken over: the React app on the members' pages (ADR 006:
 * they hydrate after their first paint, so a click before that is an ordinary page load, not
 * client-side navigation), or a public form page's island (ADR 023: its form works once hydrated).
 * A form page's island runs on the visitor's first move, so the pointer moves over the page first,
 * as a visitor's does.
 */
export async function waitForApp(page: Page): Promise<void> {
  const island = () => page.evaluate(() => document.documentElement.getAttribute('data-island'));
  await page.waitForFunction(
    () => '__reactRouterDataRouter' in window || document.documentElement.getAttribute('data-island') !== null,
  );
  if ((await island()) === 'waiting') await page.getByRole('main').hover();
  await page.waitForFunction(
    () => '__reactRouterDataRouter' in window || document.documentElement.getAttribute('data-island') === 'ready',
  );
}

/**
 * Resizes the page's window, as a visitor narrows a window or turns a phone: the page is not loaded
 * again, its media queries and resize listeners answer. Waits two frames (at most a second, since
 * a journey may hold the page's clock still) so that listeners run before anything reads the page.
 */
export async function resizeTo(page: Page, viewport: ViewportSize): Promise<void> {
  const current = page.viewportSize();
  if (current?.width === viewport.width && current.height === viewport.height) return;
  await page.setViewportSize(viewport);
  const framed = page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([framed.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, 1_000)))]);
  clearTimeout(timer);
  // What is checked next is checked at this width, or the test says so.
  expect(await page.evaluate(() => window.innerWidth), 'the window is as wide as asked').toBe(viewport.width);
}

/** The narrowest width a page must reflow to without scrolling sideways (WCAG 1.4.10: 320 CSS px). */
export const NARROWEST_PHONE: ViewportSize = { width: 320, height: 640 };

/**
 * What `measure` reads of the page with the window as large as this viewport, resized rather than
 * loaded again; the page is then given its own size back.
 */
export async function measureAt<T>(page: Page, viewport: ViewportSize, measure: () => T): Promise<T> {
  const own = page.viewportSize();
  await resizeTo(page, viewport);
  const measured = await page.evaluate(measure);
  if (own) await resizeTo(page, own);
  return measured as T;
}

/**
 * How wide the page is when the window is as narrow as this phone, in px. A page wider than the
 * phone would scroll sideways (WCAG 1.4.10 asks that none does at 320 px): only a wide table may
 * scroll, in its own frame.
 */
export const pageWidthAt = (page: Page, phone: ViewportSize): Promise<number> => measureAt(page, phone, () => document.documentElement.scrollWidth);

let toastsSeen = 0;

/**
 * Waits for a toast with these words that this test has not waited for before, and returns it. A
 * toast stays three seconds, so the toast of a second save can sit beside the first's with the same
 * words: a plain locator then matches both (strict mode fails the test, as CI saw on a busy run) or
 * only the old one (and proves nothing of the second save). Each toast found is marked, so the next
 * wait for the same words needs a new one.
 */
export async function expectToast(page: Page, text: string): Promise<Locator> {
  const unseen = page.locator('[data-sonner-toast]:not([data-test-seen])').filter({ hasText: text });
  await unseen.first().waitFor();
  const mark = String(++toastsSeen);
  // evaluateAll does not wait: a toast that closed in between is simply not marked.
  await unseen.evaluateAll((toasts, value) => toasts.forEach((toast) => toast.setAttribute('data-test-seen', value)), mark);
  return page.locator(`[data-sonner-toast][data-test-seen="${mark}"]`).first();
}

/** Each page newPage made: the requests it has in flight, and when the last one ended. */
const network = new WeakMap<Page, { inFlight: Set<Request>; lastEnded: number }>();

function trackRequests(page: Page): void {
  const state = { inFlight: new Set<Request>(), lastEnded: Date.now() };
  const ended = (request: Request) => {
    if (state.inFlight.delete(request)) state.lastEnded = Date.now();
  };
  page.on('request', (request) => {
    // A redirect's next hop replaces the request it came from.
    const from = request.redirectedFrom();
    if (from) ended(from);
    state.inFlight.add(request);
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  network.set(page, state);
}

/**
 * Resolves once the page has loaded and none of its requests has been in flight for `quietMs`:
 * what Playwright's 'networkidle' waits for, with a quiet of 150 ms instead of its 500. Each page
 * open waited 0.5-1 s in that window (the public pages' prefetch of their links starts in it, and
 * made it longer), a minute or more of each slow file. The pages' own signs of loading are then
 * waited for as before, by the callers. A page not made by newPage waits for 'networkidle'.
 */
export async function networkQuiet(page: Page, quietMs = 150): Promise<void> {
  const state = network.get(page);
  await page.waitForLoadState(state ? 'load' : 'networkidle');
  if (!state) return;
  await expect
    .poll(() => state.inFlight.size === 0 && Date.now() - state.lastEnded >= quietMs, { interval: 25 })
    .toBe(true);
}

/** Nothing of a members' page left loading: the page is as the member will read it. */
export async function settled(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect.poll(() => page.locator('.page-loading').count()).toBe(0);
}

/**
 * Signs in through the login form, as a member would (it does not wait for where they land). With
 * `redirectTo`, the login page is opened as a members' page sends a visitor to it.
 */
export async function signIn(page: Page, email: string, password: string = PASSWORD, redirectTo?: string): Promise<void> {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login');
  await waitForApp(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Moves the page's clock (installed with page.clock.install() before the page loaded) on, `stepMs`
 * at a time, until `done` holds, and answers how far it moved: a test waits on the page's timers
 * (retries, toasts) without waiting in real time. Between steps the page gets a moment of real
 * time for what no clock drives (requests, rendering). Fails after `maxMs` of the page's time.
 */
export async function advanceClockUntil(page: Page, done: () => Promise<boolean>, { stepMs = 250, maxMs = 30_000 } = {}): Promise<number> {
  let elapsed = 0;
  while (!(await done())) {
    if (elapsed >= maxMs) throw new Error(`Still waiting after ${maxMs} ms of the page's time`);
    await page.clock.runFor(stepMs);
    elapsed += stepMs;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return elapsed;
}
