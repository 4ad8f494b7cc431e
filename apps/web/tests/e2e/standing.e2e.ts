import { join } from 'node:path';
import type { Offering, StaffWish, Standing } from '@winery/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupBrowser, signIn, waitForApp } from './support/browser';
import { TENANT } from './support/fixtures';
import { ownServer } from './support/own-server';

/*
 * A member's standing (/profile/standing, issue 17, item 5): the offering they are in with what
 * they ordered and what became of their request for more, an offering that closed without an order
 * of theirs, and the winery's rules of the list, first unwritten, then as staff wrote them.
 *
 * On a server of its own: the rules of the list are the producer's, one for everyone, and the
 * console's journey (staff-list-rules.e2e.ts) writes its own on the run's server.
 */

const server = ownServer();
const newPage = setupBrowser();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const RULES = [
  '## How we keep the list',
  '',
  'Founders are offered first, then each tier in turn.',
  '',
  '- A member who skips **two offerings in a row** moves to the waiting list.',
  '- Requests for more are granted in the order of membership, as bottles allow.',
].join('\n');

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
  const answer = await server.call<T>(staffToken, method, `/v1/staff${path}`, body);
  expect(answer.status, `${method} /v1/staff${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

beforeAll(async () => {
  staffToken = (await server.signIn((await server.newStaff('manager')).email, 'staff')).token;
}, 120_000);

/** A member's browser on the spec's server, signed in and on `path`. */
async function memberPage(email: string, path: string) {
  const opened = await newPage({ baseURL: server.baseURL, viewport: DESKTOP });
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
  it('shows the open offering with what they ordered and their request for more, and the rules once staff write them', async () => {
    const member = await server.newMember('ordered');
    // The member asks for four more Vecina; staff grant two of them.
    const { token, subjectId } = await server.signIn(member.email);
    const base = `/v1/${TENANT}/customer/${subjectId}`;
    const [allocation] = (await server.call<Array<{ id: string }>>(token, 'GET', `${base}/allocation`)).body;
    const offering = (await server.call<Offering>(token, 'GET', `${base}/allocation/${allocation!.id}/offering`)).body;
    const vecina = offering.wines.find((wine) => wine.name === 'Vecina')!;
    expect((await server.call(token, 'POST', `${base}/allocation/${allocation!.id}/wish`, { wineId: vecina.id, quantity: 4 })).status).toBe(201);
    const { offerings } = (await server.call<Standing>(token, 'GET', `${base}/standing`)).body;
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

    // No rules yet: the page says so; then staff write them, and the member reads them.
    const rules = page.getByRole('region', { name: 'Rules of the list' });
    expect(await rules.innerText()).toContain('The winery has not published its rules of the list yet.');
    await asStaff('PUT', '/list-rules', { markdown: RULES });
    await page.reload();
    await waitForApp(page);
    await rules.getByRole('heading', { level: 3, name: 'How we keep the list' }).waitFor();
    expect(await rules.getByRole('listitem').allInnerTexts()).toEqual([
      'A member who skips two offerings in a row moves to the waiting list.',
      'Requests for more are granted in the order of membership, as bottles allow.',
    ]);
    expect(await rules.getByText('The winery has not published').count()).toBe(0);
    await shoot(page, 'open');
    expect(consoleErrors).toEqual([]);
  });

  it('shows an offering that closed without an order as skipped, and a member with none an empty page', async () => {
    const expired = await server.newMember('expired');
    const { page, consoleErrors } = await memberPage(expired.email, '/profile/standing');
    const past = offeringCard(page, 'Library Wines Offering');
    await past.waitFor();
    expect(await past.innerText()).toContain('Closed');
    expect(await past.innerText()).toMatch(/Your window was \w+ \d+/);
    expect(await past.getByTestId('standing-skipped').innerText()).toBe('You skipped this offering: it closed without an order from you.');
    expect(await wineRow(past, 'Vecina 2019')).toEqual(['1–6 bottles', '0', 'None']);
    expect(await page.getByTestId('standing-summary').innerText()).toMatch(/Offerings\s+1\s+Ordered from\s+0\s+Skipped\s+1/);
    await shoot(page, 'skipped');

    const newcomer = await server.newMember('member');
    const { page: empty } = await memberPage(newcomer.email, '/profile/standing');
    await main(empty).getByText('No offerings yet.').waitFor();
    expect(await main(empty).getByRole('article').count()).toBe(0);
    await shoot(empty, 'empty');
    expect(consoleErrors).toEqual([]);
  });
});
