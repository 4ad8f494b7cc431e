import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { axeViolations } from './support/axe';
import { expectToast, networkQuiet, setupBrowser, waitForApp } from './support/browser';
import { membersLike } from './support/fixtures';

// The public pages with a form (issue 15, item 15; ADR 023): no app, an island that hydrates the
// page's content on the visitor's first move, and the same behaviour as before.
const newPage = setupBrowser();
const members = membersLike('member');

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** What a page of the React app loads and a form page must not: React Router's and the app's modules. */
const APP_MODULE = /\/assets\/(entry\.client|root|manifest|chunk|dist|api-error|i18n|query|useQuery|jsx-runtime)-[\w-]+\.js$/;
/** Brotli bytes of JavaScript a form page may load before anyone uses it (the brochure's is about 30 KB). */
const AT_LOAD_BUDGET = 45 * 1024;
/** …and once its island runs: React DOM, react-hook-form, the rules and the page (the app's was about 230 KB). */
const HYDRATED_BUDGET = 130 * 1024;

interface Loaded {
  path: string;
  bytes: number;
}

/** Every script of the site the page runs (prefetch hints, which run nothing, are not scripts). */
function watchScripts(page: Page): Loaded[] {
  const scripts: Loaded[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() !== 'script' || !url.pathname.startsWith('/assets/')) return;
    void request.sizes().then(({ responseBodySize }) => scripts.push({ path: url.pathname, bytes: responseBodySize }));
  });
  return scripts;
}

const total = (scripts: Loaded[]) => scripts.reduce((sum, script) => sum + script.bytes, 0);
const island = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-island'));

/** Holds back the page's island (the first of its chunks) until `release`: its form stays the prerendered one. */
async function holdIsland(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const entry = /data-form-chunks="([^" ]+)/.exec(html)?.[1];
  if (!entry) throw new Error(`${path} names no island`);
  const held: Route[] = [];
  let released = false;
  await page.route(`**${entry}`, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** Opens a form page with its island held back, once the page waits for the visitor's first move. */
async function openWithIslandHeld(path: string, viewport: (typeof WIDTHS)[number]) {
  const { page, consoleErrors } = await newPage({ viewport });
  const held = await holdIsland(page, path);
  const writes = watchWrites(page);
  await page.goto(path);
  await expect.poll(() => island(page)).toBe('waiting');
  return { page, consoleErrors, held, writes };
}

/** The page's calls to the API that are not reads. */
function watchWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' && url.pathname.startsWith('/v1/')) writes.push(`${request.method()} ${url.pathname}`);
  });
  return writes;
}

describe.each(WIDTHS)('a public form page at $width px', (viewport) => {
  it('loads no app, runs its island on the first move, keeps what was typed and works', async () => {
    const { page, consoleErrors } = await newPage({ viewport });
    const scripts = watchScripts(page);
    await page.goto('/login');
    await expect.poll(() => island(page)).toBe('waiting');
    await page.waitForLoadState('networkidle');
    // A visitor who only reads runs the page's small script and no React.
    expect(scripts.map((s) => s.path)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/form-island-/)]));
    expect(scripts.filter((s) => APP_MODULE.test(s.path) || /\/client-/.test(s.path))).toEqual([]);
    expect(total(scripts)).toBeLessThan(AT_LOAD_BUDGET);
    expect(await page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(false);
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);

    // The first keystrokes start the island; what they typed survives its hydration.
    await page.getByLabel('Email').pressSequentially(members.member.email);
    await page.getByLabel('Password').fill('not-the-password');
    await expect.poll(() => island(page)).toBe('ready');
    expect(await page.getByLabel('Email').inputValue()).toBe(members.member.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('not-the-password');
    expect(scripts.filter((s) => APP_MODULE.test(s.path))).toEqual([]);
    expect(total(scripts)).toBeLessThan(HYDRATED_BUDGET);

    // …and the form is the app's own: the server's answer goes where it did.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('login-error').waitFor();
    await expectToast(page, 'Your email address or password is invalid');
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe('handing over to the next page', () => {
  it('signs a member in and carries the welcome into the app, as a client-side navigation did', async () => {
    const { page, consoleErrors } = await newPage({ viewport: WIDTHS[1] });
    await page.goto('/login?redirectTo=%2Fprofile%2Forders');
    await waitForApp(page);
    await page.getByLabel('Email').fill(members.member.email);
    await page.getByLabel('Password').fill(members.member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/profile/orders');
    await expectToast(page, 'Welcome back.');
    // A member who comes back to the login page is sent on at once, without a move.
    await page.goto('/login');
    await page.waitForURL('**/profile');
    expect(consoleErrors).toEqual([]);
  });

  it('joins at 390 px: every country once the island runs, and the name on the page that follows', async () => {
    const { page, consoleErrors } = await newPage({ viewport: WIDTHS[0] });
    await page.goto('/allocation');
    await expect.poll(() => island(page)).toBe('waiting');
    // Prerendered: the default country only (names differ between the build's ICU data and browsers).
    expect(await page.getByLabel('Country', { exact: true }).locator('option').count()).toBe(1);
    await page.getByLabel('First name').fill('Henrietta');
    await waitForApp(page);
    expect(await page.getByLabel('First name').inputValue()).toBe('Henrietta');
    expect(await page.getByLabel('Country', { exact: true }).locator('option').count()).toBeGreaterThan(100);
    await page.getByLabel('Last name').fill('Lindqvist');
    const email = `islands-${Date.now().toString(36)}@example.org`;
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Confirm email').fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('(707) 555-0148');
    await page.getByLabel('Date of birth').fill('1981-06-02');
    await page.getByLabel('Street address').fill('12 Vine Lane');
    await page.getByLabel('City').fill('Sonoma');
    await page.getByLabel('State', { exact: true }).selectOption('CA');
    await page.getByLabel('Zip or postal code').fill('95476');
    await page.getByRole('button', { name: 'Request an allocation' }).click();
    await page.waitForURL('**/allocation-request');
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Thank you, Henrietta.');
    expect(consoleErrors).toEqual([]);
  });
});

// The submit button is disabled until the island is live, and a browser does nothing for a form
// whose default button is disabled: these requests used to be lost without a word.
describe('a submit asked for before the form is live', () => {
  it('signs in, once, on an Enter pressed while the island is still on its way', async () => {
    const { page, consoleErrors, held, writes } = await openWithIslandHeld('/login', WIDTHS[1]);
    await page.getByLabel('Email').fill(members.member.email);
    await page.getByLabel('Password').fill(members.member.password);
    await expect.poll(held.held).toBeGreaterThan(0);
    await page.getByLabel('Password').press('Enter');
    // Still the prerendered form: nothing sent yet.
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    expect(await island(page)).toBe('waiting');
    expect(writes).toEqual([]);

    await held.release();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expectToast(page, 'Welcome back.');
    expect(writes).toEqual(['POST /v1/customer/login']);
    expect(consoleErrors).toEqual([]);
  });

  it('sends the reset link on a press of the button before it was live, at 390 px', async () => {
    const { page, consoleErrors, held, writes } = await openWithIslandHeld('/forgot-password', WIDTHS[0]);
    await page.getByLabel('Email').fill(members.member.email);
    await expect.poll(held.held).toBeGreaterThan(0);
    const button = page.getByRole('button', { name: 'Send the reset link' });
    expect(await button.isDisabled()).toBe(true);
    // A disabled button takes no click; the pointer's press and release still reach the page.
    await button.click({ force: true });
    expect(writes).toEqual([]);

    await held.release();
    await expectToast(page, 'If an account exists for that address, we have sent a link to reset the password.');
    await page.waitForURL('**/forgot-password-success');
    expect(writes).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  it('offers the sign-in link on a press of its button before it was live, at 390 px', async () => {
    const { page, consoleErrors, held, writes } = await openWithIslandHeld('/login', WIDTHS[0]);
    await expect.poll(held.held).toBeGreaterThan(0);
    const choose = page.getByRole('button', { name: 'Email me a sign-in link instead' });
    expect(await choose.isDisabled()).toBe(true);
    await choose.click({ force: true });
    expect(await page.getByLabel('Password').count()).toBe(1);

    await held.release();
    const form = page.getByTestId('login-link-form');
    await form.getByRole('button', { name: 'Email me a sign-in link' }).waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
    // The form is shown, not sent: the member has yet to give the address.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(await form.getByLabel('Email').getAttribute('id'));
    expect(writes).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('leaves a form alone when nothing was asked before it was live', async () => {
    // Filled in full while the island is on its way, so that a submit nobody asked for would be sent.
    const { page, held, writes } = await openWithIslandHeld('/login', WIDTHS[1]);
    await page.getByLabel('Email').fill(members.member.email);
    await page.getByLabel('Password').fill(members.member.password);
    await expect.poll(held.held).toBeGreaterThan(0);
    await held.release();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(false);
    // A submit carried out as the button is enabled would have started by now: let it finish.
    await networkQuiet(page);
    expect(writes).toEqual([]);
    expect(page.url()).toMatch(/\/login$/);
  });
});
