import { join } from 'node:path';
import type { Offering, StaffWish, Standing } from '@winery/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api';
import { NARROWEST_PHONE, setupBrowser, signIn, waitForApp } from './support/browser';
import { newMember, TENANT } from './support/fixtures';
import { newStaffToken } from './support/staff';

/*
 * A member's standing (/profile/standing, issue 17, item 5): the offering they are in with what
 * they ordered and what became of their request for more, and an offering that closed without an
 * order of theirs. The rules of the list, one for the whole producer, are written in the console
 * and read here by a member in staff-list-rules.e2e.ts, the one spec that writes them.
 */

const newPage = setupBrowser();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Screenshots to look at (SCREENSHOT_DIR=…), at both widths. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const [label, size] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(dir, `standing-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

let staffToken = '';
async function asStaff<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await api<T>(staffToken, method, `/v1/staff${path}`, body);
  expect(answer.status, `${method} /v1/staff${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

beforeAll(async () => {
  staffToken = await newStaffToken('manager');
});

/** A member's browser on the spec's server, signed in and on `path`. */
async function memberPage(email: string, path: string) {
  const opened = await newPage({ viewport: DESKTOP });
  await signIn(opened.page, email, undefined, path);
  await opened.page.waitForURL(`**${path}`);
  await waitForApp(opened.page);
  return opened;
}

/** A wine's row of an offering's table, by the wine's name as the member reads it: its cells' words. */
async function wineRow(offering: Locator, wine: string): Promise<string[]> {
  const row = offering.getByRole('row').filter({ has: offering.page().getByRole('rowheader', { name: wine, exact: true }) });
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
}

const main = (page: Page) => page.getByRole('main');
const offeringCard = (page: Page, name: string) => main(page).getByRole('article', { name });

describe('a member’s standing', () => {
  it('shows the open offering with what they ordered and their request for more', async () => {
    const member = await newMember('ordered');
    // The member asks for four more Vecina; staff grant two of them.
    const { token, customerId: subjectId } = await apiSignIn(member.email);
    const base = `/v1/${TENANT}/customer/${subjectId}`;
    const [allocation] = (await api<Array<{ id: string }>>(token, 'GET', `${base}/allocation`)).body;
    const offering = (await api<Offering>(token, 'GET', `${base}/allocation/${allocation!.id}/offering`)).body;
    const vecina = offering.wines.find((wine) => wine.name === 'Vecina')!;
    expect((await api(token, 'POST', `${base}/allocation/${allocation!.id}/wish`, { wineId: vecina.id, quantity: 4 })).status).toBe(201);
    const { offerings } = (await api<Standing>(token, 'GET', `${base}/standing`)).body;
    const wishes = await asStaff<{ items: StaffWish[] }>('GET', `/offerings/${offerings[0]!.offeringId}/wishes?status=requested`);
    const wish = wishes.items.find((item) => item.customerId === subjectId)!;
    await asStaff('POST', `/wishes/${wish.id}/grant`, { quantity: 2 });

    // From the account's navigation.
    const { page, consoleErrors } = await memberPage(member.email, '/profile');
    await page.getByTestId('account-nav').getByRole('link', { name: 'Your standing' }).click();
    await page.waitForURL('**/profile/standing');
    await page.getByRole('heading', { level: 1, name: 'Your standing' }).waitFor();
    await expect.poll(() => page.title()).toBe('Your Standing | Aldermoor Estate');
    expect(await page.getByTestId('account-nav').getByRole('link', { name: 'Your standing' }).getAttribute('aria-current')).toBe('page');

    const open = offeringCard(page, offering.name);
    await open.waitFor();
    expect(await page.getByTestId('standing-summary').innerText()).toMatch(/Offerings\s+1\s+Ordered from\s+1\s+Skipped\s+0/);
    expect(await open.innerText()).toContain('Open now');
    expect(await open.getByTestId('standing-ordered').innerText()).toContain('You ordered 3 bottles.');
    expect(await open.getByTestId('standing-order').allInnerTexts()).toEqual([expect.stringMatching(new RegExp(`^Order ${member.orderNumbers[0]}, placed \\w+ \\d+, \\d{4}$`))]);
    // Each order opens its own page.
    expect(await open.getByTestId('standing-order').getByRole('link').getAttribute('href')).toMatch(/^\/profile\/orders\/[0-9a-f-]{36}$/);
    // Wine · offered · ordered · request: St. Eden 2–6 and two ordered; Vecina up to 6 + 2 granted, one ordered.
    expect(await wineRow(open, 'St. Eden 2022')).toEqual(['2–6 bottles', '2', 'None']);
    expect(await wineRow(open, 'Vecina 2022')).toEqual(['Up to 8 bottles', '1', '4 more requested, 2 granted']);
    // On a common phone (360 px) and the narrowest (320 px) the four columns fit the card, the
    // headers on two lines where they must: what became of the request is in sight without
    // scrolling the table sideways.
    const wines = open.getByTestId('standing-wines');
    for (const phone of [{ width: 360, height: 780 }, NARROWEST_PHONE]) {
      await page.setViewportSize(phone);
      await expect.poll(() => wines.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth), { message: `the wines past their card at ${phone.width} px` }).toBe(0);
    }
    await page.setViewportSize(DESKTOP);

    // Below the offerings, the rules of the list (written by staff: staff-list-rules.e2e.ts).
    await page.getByRole('region', { name: 'Rules of the list' }).waitFor();
    await shoot(page, 'open');
    expect(consoleErrors).toEqual([]);
  });

  it('shows an offering that closed without an order as skipped, and a member with none an empty page', async () => {
    const expired = await newMember('expired');
    const { page, consoleErrors } = await memberPage(expired.email, '/profile/standing');
    const past = offeringCard(page, 'Library Wines Offering');
    await past.waitFor();
    expect(await past.innerText()).toContain('Closed');
    expect(await past.innerText()).toMatch(/Your window was \w+ \d+/);
    expect(await past.getByTestId('standing-skipped').innerText()).toBe('You skipped this offering: it closed without an order from you.');
    expect(await wineRow(past, 'Vecina 2019')).toEqual(['1–6 bottles', '0', 'None']);
    expect(await page.getByTestId('standing-summary').innerText()).toMatch(/Offerings\s+1\s+Ordered from\s+0\s+Skipped\s+1/);
    await shoot(page, 'skipped');

    const newcomer = await newMember('member');
    const { page: empty } = await memberPage(newcomer.email, '/profile/standing');
    await main(empty).getByText('No offerings yet.').waitFor();
    expect(await main(empty).getByRole('article').count()).toBe(0);
    await shoot(empty, 'empty');
    expect(consoleErrors).toEqual([]);
  });
});
