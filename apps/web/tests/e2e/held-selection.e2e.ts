import { join } from 'node:path';
import { formatDate, type OfferingWine, type StaffOffering } from '@winery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectToast, setupBrowser, signIn, waitForApp, type TestPage, settled } from './support/browser';
import { consoleStorage } from './support/staff';
import type { Member } from './support/fixtures';
import { ownServer } from './support/own-server';
import { lastBottlesOfOpenOffering } from './support/release';
import { quantityField as field, wineCard as card, wineName } from './support/wines';

/*
 * Held selections (issue 17, item 3), in real time. Staff hold members' choices for five minutes
 * and leave three bottles of one wine. A member takes two and moves to checkout: the summary counts
 * their hold down. A second member who wants two is told beside the wine that only one is left.
 * The first member's order ends their hold. The hold's expiry is the simulated-clock journey's
 * (fair-release.e2e.ts): nobody waits five minutes here.
 *
 * On a server of its own: the demo offering's holds and stock change for this spec only.
 */

const server = ownServer();
const newPage = setupBrowser();

const HOLD_MINUTES = 5;
const STOCK = 3;
const TAKEN = 2;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Screenshots to look at (SCREENSHOT_DIR=…). */
async function shoot(page: Page, label: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `held-selection-${label}.png`), fullPage: true });
}

let first: Member;
let second: Member;
let wine: OfferingWine;
let offeringId: string;
let staffToken: string;

beforeAll(async () => {
  const manager = await server.newStaff('manager');
  staffToken = (await server.signIn(manager.email, 'staff')).token;
  first = await server.newMember('offering');
  second = await server.newMember('offering');

  // A wine either member may take two of; holds of five minutes, three bottles of it where orders ship from.
  ({ offeringId, wine } = await lastBottlesOfOpenOffering(server, staffToken, first, { take: TAKEN, stock: STOCK, holdMinutes: HOLD_MINUTES }));
}, 120_000);

/** A member's browser on the spec's server, on their selection page. */
async function selectionPage(member: Member, viewport = DESKTOP): Promise<TestPage> {
  const opened = await newPage({ baseURL: server.baseURL, viewport });
  await signIn(opened.page, member.email);
  await opened.page.waitForURL((url) => url.pathname !== '/login');
  await opened.page.goto('/offering/allocation');
  await waitForApp(opened.page);
  await field(opened.page, wine).waitFor();
  return opened;
}

async function choose(page: Page, quantity: number) {
  await field(page, wine).fill(String(quantity));
  await expect.poll(() => page.getByTestId('bottle-count').innerText()).toBe(String(quantity));
}

/** "Your bottles are held for you for 04:59": the minutes and seconds the summary shows. */
async function heldFor(page: Page): Promise<number> {
  const text = await page.getByTestId('hold-countdown').innerText();
  const match = /Your bottles are held for you for (\d\d):(\d\d)/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]) * 60 + Number(match![2]);
}

describe('held selections', () => {
  it('holds the chosen bottles at checkout with a countdown; another member is told how many are left; the order ends the hold', async () => {
    // The first member takes two of the three bottles and moves to checkout: they are held, counting down.
    const a = await selectionPage(first);
    await choose(a.page, TAKEN);
    await a.page.getByRole('button', { name: 'Continue to checkout' }).click();
    await a.page.waitForURL('**/offering/checkout');
    await a.page.getByTestId('step-delivery').waitFor();
    const summary = a.page.getByTestId('checkout-summary');
    await summary.getByTestId('hold-countdown').waitFor();
    const start = await heldFor(a.page);
    expect(start).toBeGreaterThan((HOLD_MINUTES - 1) * 60);
    expect(start).toBeLessThanOrEqual(HOLD_MINUTES * 60);
    expect(await a.page.getByTestId('hold-countdown').getAttribute('role')).toBe('timer');
    // It counts down, a second at a time, by the server's clock.
    await expect.poll(() => heldFor(a.page)).toBeLessThan(start);
    expect(await a.page.getByTestId('hold-ended').count()).toBe(0);
    await settled(a.page);
    expect(await axeViolations(a.page), 'checkout with a hold at 1280 px').toEqual([]);
    await shoot(a.page, '1280');

    // The same hold on a phone (a reload reads it back): above the step, while the summary is folded.
    const phone = await newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(phone.page, first.email);
    await phone.page.waitForURL((url) => url.pathname !== '/login');
    const cartId = await a.page.evaluate(() => localStorage.getItem('cartId'));
    expect(cartId, 'the first page keeps its cart').not.toBeNull();
    await phone.page.evaluate((id) => localStorage.setItem('cartId', id), cartId!);
    await phone.page.goto('/offering/checkout');
    await waitForApp(phone.page);
    await phone.page.getByTestId('hold-countdown').waitFor();
    expect(await heldFor(phone.page)).toBeLessThanOrEqual(start);
    expect(await phone.page.getByTestId('summary-panel').isVisible()).toBe(false);
    await settled(phone.page);
    expect(await axeViolations(phone.page), 'checkout with a hold at 390 px').toEqual([]);
    await shoot(phone.page, '390');

    // The second member wants two as well: only one is left beyond the held bottles, said beside the wine.
    const b = await selectionPage(second);
    await choose(b.page, TAKEN);
    await b.page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect
      .poll(() => card(b.page, wine).innerText())
      .toContain(`Only 1 bottle of ${wineName(wine)} is left. Please change your selection.`);
    expect(new URL(b.page.url()).pathname).toBe('/offering/allocation');

    // The first member places the order: it takes the held bottles and ends the hold.
    for (const step of ['step-address', 'step-billing', 'step-payment', 'step-review']) {
      await a.page.getByTestId('step-continue').click();
      await a.page.getByTestId(step).waitFor();
    }
    await a.page.getByRole('button', { name: 'Place order' }).click();
    await a.page.waitForURL('**/offering/thank-you');
    const { token, subjectId } = await server.signIn(first.email);
    const [allocation] = (await server.call<Array<{ id: string }>>(token, 'GET', `/v1/demo/customer/${subjectId}/allocation`)).body;
    const hold = await server.call<{ hold: unknown }>(token, 'GET', `/v1/demo/customer/${subjectId}/allocation/${allocation!.id}/hold`);
    expect(hold).toMatchObject({ status: 200, body: { hold: null } });

    // What the order left is the second member's to take: one bottle, held for them in turn.
    await b.page.reload();
    await waitForApp(b.page);
    await field(b.page, wine).waitFor();
    await choose(b.page, 1);
    await b.page.getByRole('button', { name: 'Continue to checkout' }).click();
    await b.page.waitForURL('**/offering/checkout');
    await b.page.getByTestId('hold-countdown').waitFor();
    expect(await heldFor(b.page)).toBeGreaterThan((HOLD_MINUTES - 1) * 60);
  }, 120_000);

  // Last in this file: the offering stays closed on this server.
  it('closes the offering early from the console: closed there at once, and for the member still at checkout', async () => {
    const { page, consoleErrors } = await newPage({ baseURL: server.baseURL, viewport: DESKTOP, initScript: consoleStorage(staffToken) });
    await page.goto(`/staff/offerings/${offeringId}`);
    await waitForApp(page);
    const header = page.locator('.staff-page-header');
    await expect.poll(() => header.locator('.staff-badge').innerText().catch(() => '')).toBe('Open');
    const name = await page.getByRole('heading', { level: 1 }).innerText();

    await page.getByRole('button', { name: 'Close early' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`Close ${name} now?`);
    await dialog.getByRole('button', { name: 'Close early' }).click();
    await expectToast(page, `${name} is closed.`);
    // The close's own answer says closed: no "Open" left beside a "Closed early on …".
    expect(await header.locator('.staff-badge').innerText()).toBe('Closed');
    expect(await header.innerText()).toMatch(/Closed early on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await page.getByRole('button', { name: 'Close early' }).count()).toBe(0);
    await page.goto('/staff/offerings?phase=closed');
    await expect.poll(() => page.getByRole('row').filter({ hasText: name }).innerText().catch(() => '')).toContain('Closed early');

    // The second member, holding the last bottle at checkout, can no longer order: the offering says when it closed.
    const member = await newPage({ baseURL: server.baseURL, viewport: DESKTOP });
    await signIn(member.page, second.email);
    await member.page.waitForURL((url) => url.pathname !== '/login');
    await member.page.goto('/offering/checkout');
    await member.page.waitForURL('**/offering/closed');
    const closed = await server.call<StaffOffering>(staffToken, 'GET', `/v1/staff/offerings/${offeringId}`);
    expect(closed.body).toMatchObject({ phase: 'closed', closedEarlyAt: expect.any(String) });
    expect(await member.page.getByTestId('closed-message').innerText()).toContain(`closed on ${formatDate(closed.body.endDate)}`);
    expect(consoleErrors).toEqual([]);
    expect(member.consoleErrors).toEqual([]);
  });
});
