import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AllocationSummary, Offering } from '@winery/domain';
import { api, apiSignIn } from './support/api';
import { axeViolationsAt } from './support/axe';
import { baseURL, expectToast, resizeTo, setupBrowser, waitForApp } from './support/browser';
import { newMember, TENANT, type Member } from './support/fixtures';
import { linkPath, mailIds, nextMail } from './support/outbox';
import { consoleStorage, newStaffToken, uncovered } from './support/staff';

const newPage = setupBrowser();

interface StaffOfferingWine {
  offeringWineId: string;
  wineId: string;
  name: string;
  vintage: number;
  sizeMl: number;
  priceCents: number;
  available: number;
}
interface StaffOffering {
  id: string;
  name: string;
  orderMinimumCents: number;
  wines: StaffOfferingWine[];
  combinations: { wineId: string; requiresWineId: string }[];
}

async function staffGet(token: string, path: string): Promise<Response> {
  const response = await fetch(`${baseURL()}/v1/staff${path}`, { headers: { tenant: TENANT, Authorization: token } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response;
}

/** A wine's column stem in the allocations file, as the export names it: `melbury_2022_750ml`. */
const stem = (wine: Pick<StaffOfferingWine, 'name' | 'vintage' | 'sizeMl'>) =>
  `${wine.name} ${wine.vintage} ${wine.sizeMl}ml`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** A CSV file of rows under the export's own header; each row gives cells by column name. */
const csvFile = (header: string[], rows: Record<string, string>[]) =>
  [header.join(','), ...rows.map((row) => header.map((column) => row[column] ?? '').join(','))].join('\n') + '\n';

/** A wine as the console names it: "Quella 2022", "Melbury 2022 (1.5 L)". */
const wineTitle = (wine: Pick<StaffOfferingWine, 'name' | 'vintage' | 'sizeMl'>) =>
  wine.sizeMl === 750 ? `${wine.name} ${wine.vintage}` : `${wine.name} ${wine.vintage} (${wine.sizeMl >= 1000 ? `${wine.sizeMl / 1000} L` : `${wine.sizeMl} ml`})`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A grid cell's field: "Maximum of Quella 2022 for Eleanor Whitcombe". */
const cell = (part: 'Minimum' | 'Maximum', wine: StaffOfferingWine) => new RegExp(`^${part} of ${escape(wineTitle(wine))} for `);

async function chooseFile(page: Page, name: string, text: string) {
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

/** Nothing of the console's left loading. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
    console.log(page.url(), (await page.content()).slice(0, 3000));
    throw error;
  });
  await expect.poll(() => page.locator('.staff-state--loading').count()).toBe(0);
}

let manager = '';
let viewer = '';
let offering: StaffOffering;
let header: string[] = [];
/** Two wines anyone may order on their own (no combination rule), with stock to spare. */
let pair: StaffOfferingWine[] = [];

beforeAll(async () => {
  manager = await newStaffToken('manager');
  viewer = await newStaffToken('viewer');
  const open = (await (await staffGet(manager, '/offerings?phase=open')).json()) as { items: { id: string }[] };
  offering = (await (await staffGet(manager, `/offerings/${open.items[0]!.id}`)).json()) as StaffOffering;
  const csv = await (await staffGet(manager, `/offerings/${offering.id}/allocations.csv`)).text();
  header = csv.split('\n')[0]!.trim().split(',');
  const bound = new Set(offering.combinations.map((rule) => rule.wineId));
  pair = offering.wines.filter((wine) => !bound.has(wine.wineId) && !bound.has(wine.offeringWineId) && wine.available >= 20).slice(0, 2);
  expect(pair, 'the open demo offering has two wines with stock and no combination rule').toHaveLength(2);
});

describe('allocations, invitations and wishes in the staff console', () => {
  let member: Member;

  it('imports a member from a CSV file (a bad file first), invites them, sees their order on the dashboard, and grants their wish', async () => {
    member = await newMember('offering');
    const { page, consoleErrors } = await newPage({ viewport: { width: 1280, height: 900 }, initScript: consoleStorage(manager) });

    // From the navigation: which offering? The open one is chosen already.
    await page.goto('/staff/allocations');
    await settled(page);
    expect(await page.getByLabel('Offering').locator('option:checked').innerText()).toBe(`${offering.name} (Open)`);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.waitForURL(`**/staff/offerings/${offering.id}/allocations`);
    await settled(page);

    // A file with two bad lines: nothing can be imported, each error named by its line.
    const [first, second] = pair as [StaffOfferingWine, StaffOfferingWine];
    const limits = { [`${stem(first)}_min`]: '0', [`${stem(first)}_max`]: '6', [`${stem(second)}_min`]: '0', [`${stem(second)}_max`]: '6' };
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import allocations from a CSV file' });
    await chooseFile(
      page,
      'allocations.csv',
      csvFile(header, [
        { email: member.email, ...limits, [`${stem(first)}_min`]: '7' },
        { email: `nobody-${Date.now()}@example.com`, ...limits },
      ]),
    );
    await dialog.getByText('Rows read: 2. 2 problems to fix', { exact: false }).waitFor();
    const errors = dialog.getByRole('table', { name: 'Problems by line' });
    expect(await errors.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(/^2\s+\S+\s+The minimum must not be above the maximum$/),
      expect.stringMatching(/^3\s+email\s+There is no member with the e-mail address nobody-/),
    ]);
    const importButton = dialog.getByRole('button', { name: /^Import \d+ rows?$/ });
    expect(await importButton.isDisabled()).toBe(true);

    // The corrected file: a preview, then every row at once.
    await chooseFile(page, 'allocations-fixed.csv', csvFile(header, [{ email: member.email, ...limits }]));
    await dialog.getByText('Rows read: 1. Ready to import: 1.').waitFor();
    expect(await dialog.getByRole('table', { name: /^Preview/ }).innerText()).toContain(member.email);
    await dialog.getByRole('button', { name: 'Import 1 row' }).click();
    await expectToast(page, '1 row imported.');
    await page.getByLabel('Search name or e-mail').fill(member.email);
    const row = page.locator(`[data-testid="allocation-row"][data-email="${member.email}"]`);
    await row.waitFor();
    expect(await row.getByLabel(cell('Maximum', first)).inputValue()).toBe('6');
    expect(await row.innerText()).toContain('Not invited');

    // The member asks for more of the first wine before ordering (through the members' API).
    const { token: memberToken, customerId } = await apiSignIn(member.email);
    const base = `/v1/${TENANT}/customer/${customerId}`;
    const [allocation] = (await api<AllocationSummary[]>(memberToken, 'GET', `${base}/allocation`)).body.filter((item) => item.name === offering.name);
    const memberOffering = (await api<Offering>(memberToken, 'GET', `${base}/allocation/${allocation!.id}/offering`)).body;
    const wished = memberOffering.wines.find((wine) => wine.id === first.offeringWineId)!;
    expect((await api(memberToken, 'POST', `${base}/allocation/${allocation!.id}/wish`, { wineId: wished.id, quantity: 2 })).status).toBeLessThan(300);

    // Invitations: the member alone, chosen in the list; the e-mail reaches the outbox.
    const seen = await mailIds(member.email);
    await page.getByRole('link', { name: 'Invitations' }).last().click();
    await page.waitForURL(`**/staff/offerings/${offering.id}/invitations`);
    await page.getByLabel('Invitation state').selectOption('none');
    const invitation = page.locator(`[data-testid="invitation-row"][data-email="${member.email}"]`);
    await invitation.waitFor();
    await invitation.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send to 1 selected member' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    await expectToast(page, '1 e-mail queued, 0 skipped.');
    const mail = await nextMail(member.email, 'allocation-link', seen);

    // The dashboard, open before the order, shows it without a reload.
    const { page: dashboard } = await newPage({ viewport: { width: 1280, height: 900 }, initScript: consoleStorage(manager) });
    await dashboard.goto('/staff');
    const card = dashboard.getByTestId('dashboard-offering').filter({ hasText: offering.name });
    await card.getByTestId('dashboard-ordered').waitFor();
    const orderedBefore = Number((await card.getByTestId('dashboard-ordered').innerText()).replace(/\D/g, ''));
    await dashboard.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // The member follows the link and orders the two wines with the saved address and card.
    const { page: shop } = await newPage({ viewport: { width: 1280, height: 900 } });
    await shop.goto(linkPath(mail, '/allocation-link/'));
    await shop.waitForURL((url) => url.pathname.startsWith('/offering'));
    await waitForApp(shop);
    await shop.goto('/offering/allocation');
    const wines = memberOffering.wines.filter((wine) => pair.some((each) => each.offeringWineId === wine.id));
    const plan = wines.map((wine) => ({ wine, quantity: 1 }));
    while (plan.reduce((sum, line) => sum + line.quantity * line.wine.priceCents, 0) < memberOffering.orderMinimumCents) {
      const line = plan.find((item) => item.quantity < 6);
      if (!line) break;
      line.quantity += 1;
    }
    for (const { wine, quantity } of plan) {
      await shop.getByLabel(`Bottles of ${wineTitle(wine)}`, { exact: true }).fill(String(quantity));
    }
    await shop.getByRole('button', { name: 'Continue to checkout' }).click();
    for (const step of ['step-delivery', 'step-address', 'step-billing', 'step-payment']) {
      await shop.getByTestId(step).waitFor();
      await shop.getByTestId('step-continue').click();
    }
    await shop.getByTestId('step-review').waitFor();
    await shop.getByRole('button', { name: 'Place order' }).click();
    await shop.waitForURL('**/offering/thank-you');

    await expect
      .poll(async () => Number((await card.getByTestId('dashboard-ordered').innerText()).replace(/\D/g, '')), { timeout: 15_000 })
      .toBeGreaterThan(orderedBefore);
    expect(await dashboard.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The member's row now says Ordered, and they cannot be taken out any more.
    await page.getByRole('link', { name: 'Allocations' }).last().click();
    await page.getByLabel('Search name or e-mail').fill(member.email);
    await expect.poll(() => row.innerText()).toContain('Ordered');
    expect(await row.getByRole('button', { name: /^Remove/ }).isDisabled()).toBe(true);

    // The wish: one of the two bottles granted; the member's e-mail arrives.
    const before = await mailIds(member.email);
    await page.getByRole('link', { name: 'Wishes' }).last().click();
    await page.waitForURL(`**/staff/offerings/${offering.id}/wishes`);
    await page.getByLabel('Status').selectOption('requested');
    const wish = page.locator(`[data-testid="wish-row"][data-email="${member.email}"]`).filter({ hasText: wineTitle(first) });
    await wish.waitFor();
    await wish.getByRole('spinbutton').fill('1');
    await wish.getByRole('button', { name: /^Grant/ }).click();
    await expectToast(page, '1 bottle granted to');
    const granted = await nextMail(member.email, 'wish-granted', before);
    expect(granted.links.some((link) => new URL(link).pathname.startsWith('/allocation-link/'))).toBe(true);
    await page.getByLabel('Status').selectOption('granted');
    await expect.poll(() => wish.innerText()).toContain('Granted 1 bottle');
    expect(consoleErrors).toEqual([]);
  }, 150_000);

  it('edits a row with the keyboard alone at 768 px: fields in order, Enter saves, a wrong cell says why and saves nothing, and the row says so in sight', async () => {
    const fresh = await newMember('offering');
    const [first, second] = pair as [StaffOfferingWine, StaffOfferingWine];
    const put = await fetch(`${baseURL()}/v1/staff/offerings/${offering.id}/allocations`, {
      method: 'PUT',
      headers: { tenant: TENANT, Authorization: manager, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ email: fresh.email, lines: [{ wineId: first.offeringWineId, minimum: 0, maximum: 2 }] }]),
    });
    expect(put.status).toBe(200);
    // The member's limits are now this one line, as the answer reads them back.
    const answered = (await put.json()) as { lines: { offeringWineId: string }[] }[];
    expect(answered[0]!.lines.map((line) => line.offeringWineId)).toEqual([first.offeringWineId]);
    // A window narrower than the grid: the wines scroll between the member and the row's actions.
    const { page, consoleErrors } = await newPage({ viewport: { width: 768, height: 900 }, initScript: consoleStorage(manager) });
    await page.goto(`/staff/offerings/${offering.id}/allocations?q=${encodeURIComponent(fresh.email)}`);
    await settled(page);
    const row = page.locator(`[data-testid="allocation-row"][data-email="${fresh.email}"]`);
    const grid = page.getByRole('region', { name: 'Allocations grid (scrolls both ways)' });
    expect(await grid.evaluate((region) => region.scrollWidth > region.clientWidth), 'the grid is wider than its frame').toBe(true);
    const firstMax = row.getByLabel(cell('Maximum', first));
    // The row shows that line alone: the other wine's cells are empty.
    expect(await row.getByLabel(cell('Maximum', second)).inputValue()).toBe('');
    await row.getByLabel(cell('Minimum', first)).focus();
    await page.keyboard.press('Tab');
    expect(await firstMax.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Control+A');
    await page.keyboard.type('121');
    await page.keyboard.press('Enter');
    await row.getByText('At most 120 bottles').waitFor();
    expect(await firstMax.getAttribute('aria-invalid')).toBe('true');

    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await row.getByText('Saved').waitFor();
    // Saved with Enter in the first wine, the row's "Saved" and its Save button are in sight beside it.
    expect(await uncovered(firstMax)).toBe(true);
    expect(await uncovered(row.getByText('Saved'))).toBe(true);
    expect(await uncovered(row.getByRole('button', { name: /^Save/ }))).toBe(true);
    const saved = await (await staffGet(manager, `/offerings/${offering.id}/allocations?q=${encodeURIComponent(fresh.email)}`)).json();
    expect((saved as { items: { lines: { offeringWineId: string; maximum: number }[] }[] }).items[0]!.lines).toEqual([
      expect.objectContaining({ offeringWineId: first.offeringWineId, minimum: 0, maximum: 4 }),
    ]);

    // On with Tab to the next wine and back with Shift+Tab: each field scrolls into sight clear of
    // the columns held at the edges (the member's at the left, the row's actions at the right).
    const walk = [cell('Minimum', second), cell('Maximum', second)];
    for (const label of walk) {
      await page.keyboard.press('Tab');
      const field = row.getByLabel(label);
      expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
      await expect.poll(() => uncovered(field), { message: String(label) }).toBe(true);
    }
    for (const label of [cell('Minimum', second), cell('Maximum', first), cell('Minimum', first)]) {
      await page.keyboard.press('Shift+Tab');
      const field = row.getByLabel(label);
      expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
      await expect.poll(() => uncovered(field), { message: String(label) }).toBe(true);
    }
    expect(consoleErrors).toEqual([]);
  });

  it('adds a member from the picker, sets limits for everyone matching a search, exports the file, takes the member out, and declines a wish with a note to the member', async () => {
    const [first] = pair as [StaffOfferingWine];
    const added = await newMember('member');
    const { page, consoleErrors } = await newPage({ viewport: { width: 1280, height: 900 }, initScript: consoleStorage(manager) });
    await page.goto(`/staff/offerings/${offering.id}/allocations`);
    await settled(page);

    await page.getByRole('button', { name: 'Add members' }).click();
    const picker = page.getByRole('dialog', { name: 'Add members to this offering' });
    await picker.getByLabel('Search members by name or e-mail').fill(added.email);
    await picker.locator('.pick-list__item').filter({ hasText: added.email }).getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Add 1 member' }).click();
    await expectToast(page, '1 member added.');

    // The grid searched down to that member; the same limits for everyone it matches.
    await page.getByLabel('Search name or e-mail').fill(added.email);
    const row = page.locator(`[data-testid="allocation-row"][data-email="${added.email}"]`);
    await row.waitFor();
    await expect.poll(() => page.getByTestId('allocation-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Set for everyone matching' }).click();
    const bulk = page.getByRole('dialog', { name: 'Set for everyone matching this filter' });
    expect(await bulk.innerText()).toContain(`Every member matching the search “${added.email}”.`);
    const group = bulk.getByRole('group', { name: wineTitle(first), exact: true });
    await group.getByLabel('Minimum').fill('1');
    await group.getByLabel('Maximum').fill('5');
    await bulk.getByRole('button', { name: 'Set limits' }).click();
    await expectToast(page, 'Members matched: 1. Updated: 1.');
    await expect.poll(() => row.getByLabel(cell('Maximum', first)).inputValue()).toBe('5');
    expect(await row.getByLabel(cell('Minimum', first)).inputValue()).toBe('1');

    // The export is the import's format, with the member's new limits.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    // Marked as UTF-8 (Excel reads a file without the mark in the computer's code page), lines in CRLF.
    expect(text.startsWith('\uFEFFemail,first_name,last_name,')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    const columns = lines[0]!.split(',');
    const mine = lines.find((line) => line.startsWith(`${added.email},`))!.split(',');
    expect([mine[columns.indexOf(`${stem(first)}_min`)], mine[columns.indexOf(`${stem(first)}_max`)]]).toEqual(['1', '5']);

    // Taken out again (they have not ordered): the row goes.
    await row.getByRole('button', { name: /^Remove/ }).click();
    await page.getByRole('dialog', { name: 'Take this member out of the offering?' }).getByRole('button', { name: 'Take out' }).click();
    await expectToast(page, 'was taken out of the offering');
    await expect.poll(() => row.count()).toBe(0);

    // A wish declined after a confirm: the member is told kindly.
    const asker = await newMember('offering');
    const { token, customerId } = await apiSignIn(asker.email);
    const base = `/v1/${TENANT}/customer/${customerId}`;
    const [allocation] = (await api<AllocationSummary[]>(token, 'GET', `${base}/allocation`)).body.filter((item) => item.name === offering.name);
    expect((await api(token, 'POST', `${base}/allocation/${allocation!.id}/wish`, { wineId: first.offeringWineId, quantity: 3 })).status).toBeLessThan(300);
    const seen = await mailIds(asker.email);
    await page.goto(`/staff/offerings/${offering.id}/wishes?status=requested`);
    await settled(page);
    const wish = page.locator(`[data-testid="wish-row"][data-email="${asker.email}"]`);
    // In a small laptop's window, beside the navigation, the whole table fits its frame: the member's
    // history and the wish's status are in sight with the decision, nothing to scroll sideways.
    await resizeTo(page, { width: 1024, height: 800 });
    const wishes = page.getByRole('region', { name: 'Wishes' });
    await expect.poll(() => wishes.evaluate((region) => region.scrollWidth - region.clientWidth), { message: 'the wishes past their frame at 1024 px' }).toBe(0);
    for (const header of ['History', 'Status', 'Decide']) {
      const [frame, column] = await Promise.all([wishes.boundingBox(), wishes.getByRole('columnheader', { name: header, exact: true }).boundingBox()]);
      expect(column!.x + column!.width, `the ${header} column at 1024 px`).toBeLessThanOrEqual(frame!.x + frame!.width);
    }
    // The row brought up the window (the page scrolls down, never sideways, so the table's own scroll stays as it is).
    await wish.evaluate((row) => window.scrollBy(0, row.getBoundingClientRect().top - 200));
    for (const control of [wish.getByRole('spinbutton'), wish.getByRole('button', { name: /^Grant/ }), wish.getByRole('button', { name: /^Decline/ })]) {
      expect(await uncovered(control), String(control)).toBe(true);
    }
    // On a phone the wish reads as a card: nothing sideways, the decision at its foot, in sight.
    await resizeTo(page, { width: 390, height: 844 });
    expect(await wishes.evaluate((region) => region.scrollWidth - region.clientWidth), 'the wishes are as wide as the phone').toBe(0);
    await wish.evaluate((row) => window.scrollBy(0, row.getBoundingClientRect().bottom - 400));
    for (const control of [wish.getByRole('spinbutton'), wish.getByRole('button', { name: /^Grant/ }), wish.getByRole('button', { name: /^Decline/ })]) {
      expect(await uncovered(control), `${String(control)} at 390 px`).toBe(true);
    }
    await wish.getByRole('button', { name: /^Decline/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Decline this wish?' });
    expect(await confirm.innerText()).toContain('asked for 3 more of');
    await confirm.getByRole('button', { name: 'Decline', exact: true }).click();
    await expectToast(page, 'was declined');
    await nextMail(asker.email, 'wish-declined', seen);
    await page.getByLabel('Status').selectOption('declined');
    await expect.poll(() => page.locator(`[data-testid="wish-row"][data-email="${asker.email}"]`).innerText()).toContain('Declined');
    expect(consoleErrors).toEqual([]);
  });

  it("narrows the invitations to one tier: the list, the figures and the send button are that tier's", async () => {
    const tiers = (await (await staffGet(manager, '/tiers')).json()) as { id: string; name: string }[];
    const founder = tiers.find((tier) => tier.name === 'Founder')!;
    const inTier = (await (await staffGet(manager, `/offerings/${offering.id}/invitations?tierId=${founder.id}&limit=200`)).json()) as { items: { email: string }[] };
    const all = (await (await staffGet(manager, `/offerings/${offering.id}/invitations/summary`)).json()) as { allocated: number };
    expect(inTier.items.length, 'the demo has Founders in the open offering, and others').toBeGreaterThan(0);
    expect(inTier.items.length).toBeLessThan(all.allocated);

    const { page, consoleErrors } = await newPage({ initScript: consoleStorage(manager) });
    await page.goto(`/staff/offerings/${offering.id}/invitations`);
    await settled(page);
    await page.getByLabel('Tier').selectOption({ label: 'Founder' });
    await page.getByRole('button', { name: 'Send invitations to the Founder tier' }).waitFor();
    await page.getByRole('button', { name: 'Remind the Founder tier' }).waitFor();
    // The list shows the tier's first page, and only the tier's members.
    const founders = new Set(inTier.items.map((item) => item.email));
    const shown = () => page.getByTestId('invitation-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-email') ?? ''));
    await expect.poll(async () => (await shown()).filter((email) => founders.has(email)).length).toBe(Math.min(inTier.items.length, 50));
    expect((await shown()).every((email) => founders.has(email))).toBe(true);
    await page.getByRole('button', { name: 'Send invitations to the Founder tier' }).click();
    await page.getByRole('dialog', { name: 'Send invitations to the Founder tier?' }).waitFor();
    await page.keyboard.press('Escape');
    // In a small laptop's window every column is in sight, when the link was used and the order
    // placed included: an e-mail may break before its "@" to make room.
    await resizeTo(page, { width: 1024, height: 800 });
    const list = page.getByRole('region', { name: 'Members and their invitations' });
    await expect.poll(() => list.evaluate((region) => region.scrollWidth - region.clientWidth), { message: 'the invitations past the table\'s edge at 1024 px' }).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('a viewer reads all three pages and finds no control that writes', async () => {
    const { page, consoleErrors } = await newPage({ initScript: consoleStorage(viewer) });
    for (const task of ['allocations', 'invitations', 'wishes']) {
      await page.goto(`/staff/offerings/${offering.id}/${task}`);
      await settled(page);
      await page.getByTestId('read-only-note').waitFor();
      expect(await page.locator('main input:not([type="search"]), main textarea').count(), task).toBe(0);
      const buttons = (await page.locator('main button').allInnerTexts()).map((text) => text.trim());
      expect(buttons.filter((text) => /import|add|set for|send|grant|decline|remove|save/i.test(text)), task).toEqual([]);
    }
    // The grid still shows each member's limits, as text.
    await page.goto(`/staff/offerings/${offering.id}/allocations`);
    await page.getByTestId('allocation-row').first().waitFor();
    expect(await page.getByTestId('allocation-row').first().innerText()).toMatch(/\d+–\d+/);
    expect(consoleErrors).toEqual([]);
  });

  it('has no accessibility violation with its dialogs open (1280 and 768 px)', async () => {
    // One walk, each dialog checked by axe at both widths in turn, the window resized.
    const widths = [
      { width: 1280, height: 900 },
      { width: 768, height: 1024 },
    ];
    const { page, consoleErrors } = await newPage({ viewport: widths[0], initScript: consoleStorage(manager) });
    const check = async (what: string) => expect(await axeViolationsAt(page, widths), what).toEqual([]);
    await page.goto(`/staff/offerings/${offering.id}/allocations`);
    await settled(page);
    await page.getByTestId('allocation-row').first().waitFor();

    await page.getByRole('button', { name: 'Import CSV' }).click();
    await chooseFile(page, 'wrong.csv', csvFile(header, [{ email: 'not-an-address' }]));
    await page.getByRole('table', { name: 'Problems by line' }).waitFor();
    await check('the import with errors');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Set for everyone matching' }).click();
    const bulk = page.getByRole('dialog', { name: 'Set for everyone matching this filter' });
    await bulk.getByLabel('Maximum').first().fill('200');
    await bulk.getByRole('button', { name: 'Set limits' }).click();
    await bulk.getByText('At most 120 bottles').waitFor();
    await check('the bulk limits with an error');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add members' }).click();
    await page.locator('.pick-list__item').first().waitFor();
    await check('the member picker');
    await page.keyboard.press('Escape');

    await page.goto(`/staff/offerings/${offering.id}/invitations`);
    await settled(page);
    await page.getByTestId('invitation-row').first().getByRole('checkbox').check();
    await page.getByRole('button', { name: /^Send to 1 selected/ }).click();
    await page.getByRole('dialog').waitFor();
    await check('the invitations with a confirm');
    await page.keyboard.press('Escape');

    await page.goto(`/staff/offerings/${offering.id}/wishes`);
    await settled(page);
    await page.getByRole('button', { name: 'Grant leftover stock' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('dialog').locator('[aria-live] p, [aria-live] table').first().waitFor();
    await check('the bulk grant preview');
    expect(consoleErrors).toEqual([]);
  });
});
