import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { setupBrowser, signIn, waitForApp } from './support/browser';
import { newMember } from './support/fixtures';

/*
 * axe-core on the fair release's member pages (issue 17, "How it is checked"), at a phone's width
 * and a desktop's: a member's standing (/profile/standing). The prospect's place in line is checked
 * in place-in-line.e2e.ts (both widths), the waiting room in fair-release.e2e.ts, on the server
 * whose clock that journey moves (a waiting room here would hold back every other spec's members
 * of the open offering).
 */

const newPage = setupBrowser();

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

async function expectNoViolations(page: Page, what: string) {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `${what} at ${viewport.width} px`).toEqual([]);
  }
}

describe('the fair release’s pages, at 390 and 1280 px (axe-core)', () => {
  it('a member’s standing: their offerings, orders and wishes, and the rules of the list', async () => {
    const member = await newMember('ordered');
    const { page, consoleErrors } = await newPage({ viewport: WIDTHS[1] });
    await signIn(page, member.email);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/profile/standing');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Your standing' }).waitFor();
    // What they ordered in the offering they are in shows (their copied order's number).
    await expect.poll(() => page.getByRole('main').innerText()).toContain(member.orderNumbers[0]!);
    await expectNoViolations(page, '/profile/standing');
    expect(consoleErrors).toEqual([]);
  });
});
