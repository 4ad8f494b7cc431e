import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SESSION_TTL_MS } from '@winery/domain';
import { api, apiSignIn } from './support/api';
import { axeViolations } from './support/axe';
import { resizeTo, setupBrowser, waitForApp } from './support/browser';
import { membersLike, type Member } from './support/fixtures';

/**
 * The site's frame (issue 15, items 4, 6, 7 and 12): the account menu in the header, the phone
 * menu's keyboard and focus, what a member sees in place of "Join the allocation", the icons, and
 * the legal pages with the footers that link them.
 */
const newPage = setupBrowser();
const members = membersLike('offering', 'member');
const WIDTHS = [390, 1280] as const;
const viewport = (width: number) => ({ width, height: width < 768 ? 844 : 900 });

const banner = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page) => banner(page).getByRole('button', { name: 'Account menu' });
const menuToggle = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const mainNavLabels = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).map((text) => text.trim());
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');
const focusedIsAccountButton = (page: Page) => page.evaluate(() => document.activeElement?.id === 'account-menu-button');
const storedSession = (page: Page) =>
  page.evaluate(() => ['token', 'expiry', 'cartId'].map((key) => localStorage.getItem(key)));

/** Signs the member in as the login form would leave the browser: token and its 90-day expiry stored. */
async function signInByStorage(page: Page, member: Member) {
  const { token, customerId } = await apiSignIn(member.email);
  await page.evaluate(
    ({ token, ttl }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('expiry', String(Date.now() + ttl));
    },
    { token, ttl: SESSION_TTL_MS },
  );
  return { token, customerId };
}

describe.each(WIDTHS)('at %i px', (width) => {
  it('a member during an offering reaches the account menu from the header, by keyboard and by pointer, and logs out from it', async () => {
    const { page, consoleErrors } = await newPage({ viewport: viewport(width) });
    await page.goto('/terms');
    const { token, customerId } = await signInByStorage(page, members.offering);

    // An app page: the navigation keeps the specification's three items; the account button sits in the bar.
    await page.goto('/offering/letter');
    await waitForApp(page);
    const button = accountButton(page);
    await button.waitFor();
    if (width >= 768) await expect.poll(() => mainNavLabels(page)).toEqual(['Letter', 'Allocation', 'Vintage Notes']);
    else expect(await menuToggle(page).getAttribute('aria-expanded')).toBe('false');
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual((await banner(page).boundingBox())!.height);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');

    // Enter opens it on its first item; the arrows move and wrap round; End; Escape gives focus back.
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu');
    expect((await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim())).toEqual(['Account', 'Orders', 'Log out']);
    await expect.poll(() => focusedText(page)).toBe('Account');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Orders');
    await page.keyboard.press('End');
    expect(await focusedText(page)).toBe('Log out');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Account');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe('Log out');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.count()).toBe(0);
    expect(await focusedIsAccountButton(page)).toBe(true);

    // Up opens it on its last item; a click outside closes it; a click opens it again.
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe('Log out');
    await page.mouse.click(width / 2, 600);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await focusedText(page)).toBe('Account');
    await page.keyboard.press('Escape');

    // A prerendered page (the brochure's island): the same control, the same keys; Orders opens the orders.
    await page.goto('/philosophy');
    await button.waitFor();
    if (width >= 768) await expect.poll(() => mainNavLabels(page)).toEqual(['Letter', 'Allocation', 'Vintage Notes']);
    await button.focus();
    await page.keyboard.press('Space');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => focusedText(page)).toBe('Account');
    await page.keyboard.press('o');
    expect(await focusedText(page)).toBe('Orders');
    await page.keyboard.press('Escape');
    expect(await focusedIsAccountButton(page)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/profile/orders');
    await waitForApp(page);

    // Log out does what /logout does: the token, its expiry and the cart are gone, and so is the session.
    await page.evaluate(() => localStorage.setItem('cartId', 'a-cart-of-this-member'));
    await accountButton(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toEqual([null, null, null]);
    expect((await api(token, 'GET', `/v1/customer/${customerId}`)).status).toBe(401);
    expect(await accountButton(page).isVisible()).toBe(false);
    expect(consoleErrors).toEqual([]);
  });

  it('shows a visitor the joining buttons and a member their own, with the slim footer, the legal pages and the icons', async () => {
    const { page, consoleErrors } = await newPage({ viewport: viewport(width) });
    await page.goto('/');
    // The hero's calls to action, whether shown or not (a hidden one has no role to find it by).
    const heroLink = (name: string) => page.locator('.hero__actions').getByRole('link', { name, includeHidden: true });
    const join = heroLink('Join the allocation');
    await expect.poll(() => join.isVisible()).toBe(true);
    expect(await heroLink('Member login').isVisible()).toBe(true);
    expect(await heroLink('Your account').isVisible()).toBe(false);
    expect(await accountButton(page).isVisible()).toBe(false);

    // Every icon the page names is served; /favicon.ico too.
    const icons = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"]')].map((link) => link.getAttribute('href')!),
    );
    expect(icons).toEqual(expect.arrayContaining(['/favicon.svg', '/favicon.png', '/favicon.ico', '/apple-touch-icon.png']));
    for (const href of icons) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-type'], href).toMatch(/^image\//);
    }

    // The home page's slim footer: the legal pages and a line of contact; no violation.
    const slim = page.getByRole('contentinfo');
    expect((await slim.getByRole('navigation', { name: 'Legal' }).getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Privacy',
      'Terms of Sale',
      'Shipping Policy',
    ]);
    expect(await slim.innerText()).toContain('+1 707 555 0142');
    expect(await axeViolations(page), `home at ${width}px`).toEqual([]);

    // Each legal page: its own title and heading, linked from the site footer, no violation.
    await slim.getByRole('link', { name: 'Terms of Sale' }).click();
    for (const [path, title, next] of [
      ['/terms', 'Terms of Sale', 'Privacy'],
      ['/privacy', 'Privacy Policy', 'Shipping Policy'],
      ['/shipping-policy', 'Shipping Policy', null],
    ] as const) {
      await page.waitForURL(`**${path}`);
      expect(await page.title()).toBe(`${title} | Aldermoor Estate`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
      expect(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
      if (next) await page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: next }).click();
    }

    // A signed-in member (no offering under way, so the home page stays the home page): while the
    // island asks who they are, the visitor's buttons keep their place unseen; then the member's show.
    await signInByStorage(page, members.member);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/*/customer/*/allocation', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await join.waitFor({ state: 'attached' });
    expect(await join.isVisible()).toBe(false);
    expect(await heroLink('Your account').isVisible()).toBe(false);
    const hero = page.locator('.hero__actions');
    const before = await hero.boundingBox();
    release();
    await heroLink('Your account').waitFor();
    expect(await heroLink('Discover the grand crus').isVisible()).toBe(true);
    expect(await join.isVisible()).toBe(false);
    expect(await heroLink('Member login').isVisible()).toBe(false);
    expect((await hero.boundingBox())!.y).toBe(before!.y);
    expect(await accountButton(page).isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});

describe('the phone menu', () => {
  /** Tab order inside the open menu: the toggle, then each link; Shift+Tab from the toggle goes to the last. */
  async function expectTrappedAndEscapable(page: Page, links: string[]) {
    const toggle = menuToggle(page);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => [document.querySelector('main')!.inert, document.querySelector('footer')!.inert])).toEqual([true, true]);
    const seen: string[] = [];
    for (let i = 0; i <= links.length; i += 1) {
      await page.keyboard.press('Tab');
      seen.push(await focusedText(page));
    }
    expect(seen).toEqual([...links, 'Menu']);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText(page)).toBe(links.at(-1));
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedText(page)).toBe('Menu');
    expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(false);
  }

  it("folds a visitor's links behind Menu wherever the bar cannot hold them in one line: no page scrolls sideways from 768 to 1280 px", async () => {
    const { page, consoleErrors } = await newPage({ viewport: viewport(768) });
    const visitorLinks = ['Philosophy', 'Grand Crus', 'Matriarch', 'Team', 'Allocation', 'Login'];
    // The home page (a prerendered brochure page, its header over the hero) and a page the app renders.
    for (const path of ['/', '/reset-password/not-a-real-link']) {
      await page.goto(path);
      await expect.poll(() => page.locator('.main-nav').getAttribute('data-state')).toBe('ready');
      // Tablets upright (768, 810, 820, 834), a small laptop window, and the widths either side of the fold.
      for (const width of [768, 810, 820, 834, 900, 959, 960, 1024, 1280]) {
        await resizeTo(page, viewport(width));
        const bar = await page.evaluate(() => ({
          sideways: document.scrollingElement!.scrollWidth - window.innerWidth,
          // A link of the bar in one line: its words in one line box, not two.
          wrapped: [...document.querySelectorAll('.main-nav__link')]
            .filter((link) => {
              const words = document.createRange();
              words.selectNodeContents(link);
              return new Set([...words.getClientRects()].map((box) => Math.round(box.top))).size > 1;
            })
            .map((link) => link.textContent),
        }));
        expect(bar, `${path} at ${width} px`).toEqual({ sideways: 0, wrapped: [] });
        if (width < 960) {
          expect(await menuToggle(page).isVisible(), `Menu at ${width} px`).toBe(true);
        } else {
          expect(await menuToggle(page).isVisible(), `no Menu at ${width} px`).toBe(false);
          expect(await mainNavLabels(page)).toEqual(visitorLinks);
          for (const label of visitorLinks) expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).isVisible()).toBe(true);
        }
      }
      await resizeTo(page, viewport(768));
    }
    expect(consoleErrors).toEqual([]);
  });

  it('closes with Escape and keeps Tab inside it while open, on a prerendered page and in the app, and gives way to the bar at 1280 px', async () => {
    const { page, consoleErrors } = await newPage({ viewport: viewport(390) });
    const visitorLinks = ['Philosophy', 'Grand Crus', 'Matriarch', 'Team', 'Allocation', 'Login'];
    await page.goto('/shipping-policy');
    await expect.poll(() => page.locator('.main-nav').getAttribute('data-state')).toBe('ready');
    await expectTrappedAndEscapable(page, visitorLinks);

    // A page the app renders in the browser (the single-page fallback).
    await page.goto('/reset-password/not-a-real-link');
    await waitForApp(page);
    await expect.poll(() => page.locator('.main-nav').getAttribute('data-state')).toBe('ready');
    await expectTrappedAndEscapable(page, visitorLinks);
    const icons = await page.evaluate(() => [...document.querySelectorAll('link[rel~="icon"]')].map((link) => link.getAttribute('href')));
    expect(icons).toContain('/favicon.svg');

    // A click on the page behind closes it; so does growing past phone widths, where the links show in the bar.
    await menuToggle(page).click();
    await page.mouse.click(200, 700);
    expect(await menuToggle(page).getAttribute('aria-expanded')).toBe('false');
    await menuToggle(page).click();
    await page.setViewportSize(viewport(1280));
    await expect.poll(() => page.evaluate(() => document.querySelector('main')!.inert)).toBe(false);
    expect(await menuToggle(page).isVisible()).toBe(false);
    expect(await mainNavLabels(page)).toEqual(visitorLinks);
    expect(consoleErrors).toEqual([]);
  });
});
