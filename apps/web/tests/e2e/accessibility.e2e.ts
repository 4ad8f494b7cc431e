import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { networkQuiet, resizeTo, setupBrowser, waitForApp } from './support/browser';
import { membersLike } from './support/fixtures';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const { pages } = JSON.parse(
  readFileSync(new URL('../../app/content/public-pages.json', import.meta.url), 'utf8'),
) as { pages: { path: string }[] };

const newPage = setupBrowser();
const members = membersLike('member');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated by the test driver, not added as an inline <script>, which the site's policy refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      // Every rule still runs; only violations get their selectors built (most of axe's time otherwise).
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of every public page (axe-core)', () => {
  it.each(pages.map((p) => p.path))('%s has no serious or critical violation, at desktop and phone widths', async (path) => {
    // Loaded once at the desktop width, then checked again with the window as narrow as a phone.
    const [desktop, phone] = [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ];
    const { page } = await newPage({ viewport: desktop });
    const response = await page.goto(path);
    expect(response?.status(), `${path} is served`).toBe(200);
    await networkQuiet(page);
    expect(await seriousViolations(page), `${path} at ${desktop.width}px`).toEqual([]);
    await resizeTo(page, phone);
    expect(await seriousViolations(page), `${path} at ${phone.width}px`).toEqual([]);
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
