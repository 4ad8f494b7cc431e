import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolationsAt } from './support/axe';
import { NARROWEST_PHONE, networkQuiet, pageWidthAt, setupBrowser, waitForApp } from './support/browser';
import { membersLike } from './support/fixtures';

const { pages } = JSON.parse(
  readFileSync(new URL('../../app/content/public-pages.json', import.meta.url), 'utf8'),
) as { pages: { path: string }[] };

const newPage = setupBrowser();
const members = membersLike('member');

describe('accessibility of every public page (axe-core)', () => {
  it.each(pages.map((p) => p.path))('%s has no serious or critical violation, at desktop and phone widths, and reflows to 320 px', async (path) => {
    // Loaded once at the desktop width, then checked again with the window as narrow as a phone.
    const widths = [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ];
    const { page } = await newPage({ viewport: widths[0] });
    const response = await page.goto(path);
    expect(response?.status(), `${path} is served`).toBe(200);
    await networkQuiet(page);
    expect(await axeViolationsAt(page, widths, { impacts: ['serious', 'critical'] }), path).toEqual([]);
    expect(await pageWidthAt(page, NARROWEST_PHONE), `${path} at 320 px`).toBeLessThanOrEqual(320);
  });
});

describe('keyboard alone', () => {
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element ? (element.getAttribute('aria-label') ?? element.innerText ?? element.tagName).trim() : '';
    });

  it('skips to the content, then reaches the navigation and follows a link', async () => {
    const { page } = await newPage();
    await page.goto('/login');
    await networkQuiet(page);
    await waitForApp(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null || document.activeElement?.id === 'main-content')).toBe(true);

    await page.goto('/login');
    await networkQuiet(page);
    await waitForApp(page);
    const labels: string[] = [];
    for (let i = 0; i < 10 && !labels.includes('Philosophy'); i += 1) {
      await page.keyboard.press('Tab');
      labels.push(await focused(page));
    }
    expect(labels).toContain('Philosophy');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/philosophy');
  });

  it('signs a member in with the keyboard only', async () => {
    const { page } = await newPage();
    await page.goto('/login');
    await networkQuiet(page);
    await waitForApp(page);
    await page.getByLabel('Email').focus();
    await page.keyboard.type(members.member.email);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('password');
    await page.keyboard.type(members.member.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/profile');
  });

  it('opens and closes the phone menu with the keyboard', async () => {
    const { page } = await newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    await networkQuiet(page);
    await waitForApp(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Philosophy');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toBe('Menu');
  });
});
