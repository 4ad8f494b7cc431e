import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { baseURL, setupBrowser, signIn, waitForApp } from './support/browser';
import { newMember, TENANT } from './support/fixtures';
import { nextMail } from './support/outbox';

/*
 * axe-core on the fair release's member and prospect pages (issue 17, "How it is checked"), at a
 * phone's width and a desktop's: a member's standing (/profile/standing) and the prospect's place
 * in line (/allocation-request opened from the link in their acknowledgement). The waiting room is
 * checked in fair-release.e2e.ts, on the server whose clock that journey moves (a waiting room here
 * would hold back every other spec's members of the open offering).
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

  it('the prospect’s place in line, opened from the link in their acknowledgement', async () => {
    const email = `e2e-place-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const joined = await fetch(`${baseURL()}/v1/allocation-request`, {
      method: 'POST',
      headers: { tenant: TENANT, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        prefix: '',
        firstName: 'Perpetua',
        lastName: 'Lindqvist',
        email,
        confirmEmail: email,
        phone: '(707) 555-0171',
        phoneCountry: 'US',
        dateOfBirth: '1981-07-02',
        company: '',
        address1: '12 Vine Row',
        address2: '',
        city: 'Sonoma',
        stateCode: 'CA',
        zipCode: '95476',
        countryCode: 'US',
      }),
    });
    expect(joined.status).toBe(201);
    const acknowledgement = await nextMail(email, 'join-allocation-received');
    const link = acknowledgement.links.map((href) => new URL(href)).find((url) => url.pathname === '/allocation-request' && url.hash.length > 1);
    expect(link, `the acknowledgement links to the place in line: ${acknowledgement.links.join(', ')}`).toBeDefined();

    const { page, consoleErrors } = await newPage({ viewport: WIDTHS[1] });
    await page.goto(`${link!.pathname}${link!.hash}`);
    await waitForApp(page);
    await expect.poll(() => page.getByRole('main').innerText()).toMatch(/You are number \d+ of \d+ waiting for the allocation list/);
    await expectNoViolations(page, '/allocation-request with the place in line');
    expect(consoleErrors).toEqual([]);
  });
});
