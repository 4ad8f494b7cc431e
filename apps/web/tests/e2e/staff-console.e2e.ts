import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, ViewportSize } from 'playwright-core';
import { apiSignIn } from './support/api';
import { baseURL, NARROWEST_PHONE, resizeTo, setupBrowser, waitForApp } from './support/browser';
import { axeViolations } from './support/axe';
import { newMember, newStaff, TENANT, type Staff } from './support/fixtures';
import { askToJoin } from './support/joining';
import { consoleStorage, staffTokenOf, uncovered } from './support/staff';

const newPage = setupBrowser();

/** A page whose browser already holds a staff session of the given role; 1280×720 unless told. */
async function signedInPage(role: 'admin' | 'manager' | 'viewer', viewport?: ViewportSize) {
  const staff = await newStaff(role);
  const opened = await newPage({ ...(viewport && { viewport }), initScript: consoleStorage(await staffTokenOf(staff)) });
  return { ...opened, staff };
}

async function signInThroughForm(page: Page, staff: Staff) {
  await page.goto('/staff/login');
  await waitForApp(page);
  await expect.poll(() => page.title()).toBe('Staff Sign-in');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** In 30 days at 09:00, as a `datetime-local` value. */
function daysAhead(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

describe('the staff console', () => {
  it('signs staff in, shows the dashboard with who they are, and signs them out for good', async () => {
    const staff = await newStaff('manager');
    const { page, consoleErrors } = await newPage();
    await signInThroughForm(page, staff);
    await page.waitForURL((url) => url.pathname === '/staff');
    await expect.poll(() => page.title()).toBe('Dashboard | Staff');
    await expect.poll(() => page.getByTestId('staff-who').innerText()).toMatch(/Manager$/i);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Dashboard');
    // The member's keys stay empty: the console keeps its token apart.
    expect(await page.evaluate(() => [localStorage.getItem('token'), typeof localStorage.getItem('staffToken')])).toEqual([null, 'string']);
    const token = await page.evaluate(() => localStorage.getItem('staffToken'));

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/staff/login');
    expect(await page.evaluate(() => localStorage.getItem('staffToken'))).toBeNull();
    // The session was revoked at the API, not only forgotten by the browser.
    const me = await fetch(`${baseURL()}/v1/staff/me`, { headers: { tenant: TENANT, Authorization: token ?? '' } });
    expect(me.status).toBe(401);
    await page.goto('/staff/wines');
    await page.waitForURL('**/staff/login?redirectTo=/staff/wines');
    expect(consoleErrors).toEqual([]);
  });

  it('refuses a wrong password with a message, and never takes a member for staff', async () => {
    const member = await newMember('member');
    const { page } = await newPage();
    await signInThroughForm(page, { email: member.email, password: member.password });
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('That e-mail and password do not match a staff account.');

    // A member's token in the browser opens no console page.
    const { token } = await apiSignIn(member.email, member.password);
    const memberPage = await newPage({
      initScript: `localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('expiry', String(Date.now() + 3600000));`,
    });
    await memberPage.page.goto('/staff/offerings');
    await memberPage.page.waitForURL('**/staff/login?redirectTo=/staff/offerings');
    expect(await memberPage.page.evaluate(() => localStorage.getItem('token'))).toBe(token);
  });

  it('ends the console session when the API refuses the token', async () => {
    const { page } = await newPage({ initScript: consoleStorage('not-a-real-token') });
    await page.goto('/staff/rates');
    await page.waitForURL('**/staff/login?redirectTo=/staff/rates');
    expect(await page.evaluate(() => localStorage.getItem('staffToken'))).toBeNull();
  });

  it('creates two wines, then an offering of both with a Markdown letter whose preview shows the heading', async () => {
    const { page, consoleErrors } = await signedInPage('manager');
    const suffix = Date.now().toString(36);
    const wines = [`Alder Ridge ${suffix}`, `Moor Block ${suffix}`];
    for (const [index, name] of wines.entries()) {
      await page.goto('/staff/wines/new');
      await waitForApp(page);
      await expect.poll(() => page.title()).toBe('New wine | Staff');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Vintage').fill('2024');
      await page.getByLabel('Price').fill(index === 0 ? '85' : '120.50');
      await page.getByLabel('Tasting notes').fill('Blackcurrant, cedar, a long finish.');
      await page.getByRole('button', { name: 'Create wine' }).click();
      await page.waitForURL((url) => url.pathname === '/staff/wines');
    }
    await page.getByLabel('Search by name').fill(suffix);
    await expect.poll(() => page.getByRole('table').getByRole('link').allInnerTexts()).toEqual(wines);
    expect(await page.getByRole('table').innerText()).toContain('$120.50');

    // A bad vintage keeps what was typed and says so next to the field.
    await page.goto('/staff/wines/new');
    await page.getByLabel('Name').fill('Too old');
    await page.getByLabel('Vintage').fill('1066');
    await page.getByRole('button', { name: 'Create wine' }).click();
    await expect.poll(() => page.getByLabel('Vintage').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Name').inputValue()).toBe('Too old');

    await page.goto('/staff/offerings/new');
    await waitForApp(page);
    await page.getByLabel('Name', { exact: true }).fill(`Autumn release ${suffix}`);
    await page.getByLabel('Opens', { exact: true }).fill(daysAhead(30, 9));
    await page.getByLabel('Closes', { exact: true }).fill(daysAhead(44, 17));
    await page.getByLabel('Letter (Markdown)').fill('## A season of quiet rain\n\nThe **2024** wines are the most *focused* in a decade.');
    await expect.poll(() => page.getByTestId('offering-letter-md-preview').locator('h2').innerText().catch(() => '')).toBe('A season of quiet rain');
    expect(await page.getByTestId('offering-letter-md-preview').locator('strong').innerText()).toBe('2024');
    for (const name of wines) {
      await page.getByLabel('Wine from the catalogue').selectOption({ label: `${name} 2024, 750 ml` });
      await page.getByRole('button', { name: 'Add wine' }).click();
    }
    expect(await page.getByTestId('offering-wine-row').count()).toBe(2);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.waitForURL(/\/staff\/offerings\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(`Autumn release ${suffix}`);
    expect(await page.getByRole('button', { name: 'Publish' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Letter (Markdown)').inputValue()).toContain('## A season of quiet rain');
    expect(await page.getByLabel('Price').first().inputValue()).toBe('85.00');

    // Screenshots to look at (SCREENSHOT_DIR=…): the saved offering's form, its Release section by tier included.
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'staff-offering-form-1280.png'), fullPage: true });
      await page.locator('#offering-release').screenshot({ path: join(process.env.SCREENSHOT_DIR, 'staff-offering-release-1280.png') });
    }

    // Duplicate as draft: a new draft of the same wines, named as a copy.
    const original = page.url();
    await page.getByRole('button', { name: 'Duplicate as draft' }).click();
    await page.waitForURL((url) => url.href !== original && /\/staff\/offerings\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(`Autumn release ${suffix} (copy)`);
    // The form shows once the copy's tier openings are read too.
    await expect.poll(() => page.getByTestId('offering-wine-row').count()).toBe(2);

    // A wine edited: the new price is kept and shown in the list.
    await page.goto('/staff/wines?q=' + encodeURIComponent(wines[0]!));
    await page.getByRole('link', { name: wines[0] }).click();
    await page.waitForURL(/\/staff\/wines\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByLabel('Price').inputValue()).toBe('85.00');
    await page.getByLabel('Price').fill('89.5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText(`${wines[0]} was saved.`).count()).toBe(1);
    await page.goto('/staff/wines?q=' + encodeURIComponent(wines[0]!));
    await expect.poll(() => page.getByRole('table').innerText().catch(() => '')).toContain('$89.50');
    expect(consoleErrors).toEqual([]);
  });

  it("keeps an offering's typed values on refusal and puts each API error next to its field", async () => {
    const { page } = await signedInPage('manager');
    await page.goto('/staff/offerings/new');
    await waitForApp(page);
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Too soon');
    // Opening in two hours is refused (at least a day ahead), and so is a minimum above the maximum.
    const soon = new Date(Date.now() + 2 * 3_600_000);
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Los_Angeles', dateStyle: 'short', timeStyle: 'short' }).format(soon).replace(' ', 'T');
    await page.getByLabel('Opens', { exact: true }).fill(local);
    await page.getByLabel('Closes', { exact: true }).fill(daysAhead(20, 17));
    await page.getByLabel('Wine from the catalogue').selectOption({ index: 0 });
    await page.getByRole('button', { name: 'Add wine' }).click();
    await page.getByLabel('Default minimum').fill('5');
    await page.getByLabel('Default maximum').fill('2');
    await page.getByRole('button', { name: 'Save as draft' }).click();

    const opens = page.getByLabel('Opens', { exact: true });
    await expect.poll(() => opens.getAttribute('aria-invalid')).toBe('true');
    const messageOf = async (id: string) => page.locator(`[id="${id}-error"]`).innerText();
    expect(await messageOf('offering-start')).toBe('The date must be at least 1 day from now');
    expect(await page.getByLabel('Default minimum').getAttribute('aria-invalid')).toBe('true');
    expect(await messageOf('wine-0-min')).toBe('Invalid quantity');
    expect(await name.inputValue()).toBe('Too soon');
    expect(await page.getByLabel('Default maximum').inputValue()).toBe('2');
    expect(new URL(page.url()).pathname).toBe('/staff/offerings/new');
  });

  it('imports bottle IDs from a CSV: every bad line told and nothing imported, then a good file, then the bottle looked up', async () => {
    const { page } = await signedInPage('manager');
    await page.goto('/staff/bottles');
    await waitForApp(page);
    const id = `${Date.now().toString(36).toUpperCase().slice(-4)}-W1${Math.floor(Math.random() * 90 + 10)}`;
    const number = 900_000 + Math.floor(Math.random() * 99_999);
    const upload = async (csv: string) => {
      await page.getByLabel('CSV file').setInputFiles({ name: 'bottles.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
    };

    await upload(`bottle_id,wine,vintage,size_ml,bottle_number\n${id},Melbury,2022,750,${number}\nNOT-AN-ID,Melbury,2022,750,${number + 1}\n`);
    const errors = page.getByTestId('bottle-import-errors');
    await errors.waitFor();
    expect(await errors.innerText()).toMatch(/Nothing was imported: 1 problem to fix\.\s+line 3: /);

    await upload(`bottle_id,wine,vintage,size_ml,bottle_number\n${id},Melbury,2022,750,${number}\n`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'imported' }).first().innerText()).toBe('1 bottle was imported.');

    await page.getByRole('textbox', { name: 'Bottle ID' }).fill(id.toLowerCase());
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => page.getByTestId('bottle-record').innerText().catch(() => '')).toContain('Melbury 2022, 750 ml');
    expect(await page.getByTestId('bottle-record').innerText()).toContain('Never verified');
  });

  it('puts a refused rate next to its cell and saves nothing; every rate table fits a small laptop and a tablet', async () => {
    const { page } = await signedInPage('manager');
    await page.goto('/staff/rates');
    const tax = page.getByRole('region', { name: 'Tax table' });
    await tax.waitFor();
    const rows = await tax.locator('tbody tr').count();
    await page.locator('#rates-taxRates').getByRole('button', { name: 'Add a row' }).click();
    const row = rows + 1;
    await page.getByLabel(`State or region, row ${row}`).first().fill('ZZ');
    await page.getByLabel(`Rate (%), row ${row}`).fill('7.5');
    await page.getByRole('button', { name: 'Save all tables' }).click();
    const state = page.getByLabel(`State or region, row ${row}`).first();
    await expect.poll(() => state.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="rates-taxRates-${rows}-stateCode-error"]`).innerText()).not.toBe('');
    expect(await state.inputValue()).toBe('ZZ');
    // A small laptop's window with the navigation beside the page, a window a little narrower (the
    // navigation folded behind Menu), and a tablet: every rate table whole in its frame (the
    // shipping table's seven columns of fields too), a band's price and its Remove in sight,
    // nothing to scroll sideways.
    const shipping = page.getByRole('region', { name: 'Shipping table' });
    for (const size of [{ width: 1024, height: 800 }, { width: 1000, height: 800 }, { width: 834, height: 1112 }]) {
      await page.setViewportSize(size);
      for (const name of ['Tax table', 'Shipping table', 'No-ship destinations table', 'Shipping notices table']) {
        const table = page.getByRole('region', { name });
        await expect.poll(() => table.evaluate((region) => region.scrollWidth - region.clientWidth), { message: `${name}: past its frame at ${size.width} px` }).toBe(0);
      }
      const remove = shipping.getByRole('button', { name: /^Remove/ }).first();
      await remove.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().top - innerHeight / 2));
      expect(await uncovered(remove), `the first band's Remove at ${size.width} px`).toBe(true);
      const [frame, price] = await Promise.all([shipping.boundingBox(), shipping.getByLabel('Price ($), row 1', { exact: true }).boundingBox()]);
      expect(price!.x + price!.width, `the first band's price at ${size.width} px`).toBeLessThanOrEqual(frame!.x + frame!.width);
    }

    // On a phone, down to the narrowest (320 px), each row is a card ("Row n"), every field and the
    // refusal in sight, nothing sideways.
    const card = tax.locator('tbody tr').nth(rows);
    for (const phone of [{ width: 390, height: 844 }, NARROWEST_PHONE]) {
      await page.setViewportSize(phone);
      await expect.poll(() => tax.evaluate((region) => region.scrollWidth - region.clientWidth), { message: `at ${phone.width} px` }).toBe(0);
      expect((await card.locator('td').first().innerText()).trim()).toBe(`Row ${row}`);
      const frame = (await tax.boundingBox())!;
      for (const part of [state, page.getByLabel(`Rate (%), row ${row}`), page.locator(`[id="rates-taxRates-${rows}-stateCode-error"]`), card.getByRole('button', { name: /^Remove/ })]) {
        const box = (await part.boundingBox())!;
        expect(box.x >= frame.x && box.x + box.width <= frame.x + frame.width, `${String(part)} at ${phone.width} px`).toBe(true);
      }
    }
    // Nothing was written: the tables as the API has them are the same length as before.
    await page.reload();
    await page.getByRole('region', { name: 'Tax table' }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Tax table' }).locator('tbody tr').count()).toBe(rows);
  });

  it('asks for the dashboard again every 5 s while an offering is open', async () => {
    const { page } = await signedInPage('viewer');
    const asked: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/staff/dashboard') asked.push(Date.now());
    });
    await page.goto('/staff');
    await page.getByTestId('dashboard-offering').first().waitFor();
    const updated = await page.getByTestId('dashboard-updated').innerText();
    expect(updated).toMatch(/^Updated \d{1,2}:\d{2}:\d{2} [AP]M P[SD]T$/);
    await expect.poll(() => asked.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByTestId('dashboard-updated').innerText()).not.toBe(updated);
    // The countdown moves on each second.
    const countdown = await page.getByTestId('dashboard-countdown').first().innerText();
    await expect.poll(() => page.getByTestId('dashboard-countdown').first().innerText()).not.toBe(countdown);
  });

  it('shows a viewer every page but no control that changes anything', async () => {
    const { page } = await signedInPage('viewer');
    for (const [path, title] of [
      ['/staff', 'Dashboard'],
      ['/staff/offerings', 'Offerings'],
      ['/staff/wines', 'Wines'],
      ['/staff/prospects', 'Prospects'],
      ['/staff/rates', 'Rates'],
      ['/staff/bottles', 'Bottles'],
    ]) {
      await page.goto(path!);
      await expect.poll(() => page.title()).toBe(`${title} | Staff`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
      for (const name of ['New wine', 'New offering', 'Save all tables', 'Import', 'Approve', 'Publish']) {
        expect(await page.getByRole('button', { name, exact: true }).count(), `${path}: ${name}`).toBe(0);
        expect(await page.getByRole('link', { name, exact: true }).count(), `${path}: ${name}`).toBe(0);
      }
    }
    // The offerings list opens on what members can order now: the demo's open offering.
    await page.goto('/staff/offerings');
    await expect.poll(() => page.getByRole('link', { name: 'Open', exact: true }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.getByRole('table').locator('tbody tr').first().innerText()).toMatch(/\bOpen$/);
    await page.goto('/staff/rates');
    await expect.poll(() => page.getByTestId('read-only-note').innerText()).toBe('Read-only: your role is viewer');
    await expect.poll(() => page.getByRole('textbox').first().isDisabled()).toBe(true);
  });

  it("keeps the current page's item of the navigation in view on a screen too short for every item", async () => {
    const { page } = await signedInPage('manager', { width: 1280, height: 720 });
    const side = page.locator('.staff-shell__side');
    const current = page.getByRole('navigation', { name: 'Staff console' }).locator('[aria-current="page"]');
    /** How far the current item lies outside the navigation's visible column (0: wholly in view). */
    const outside = () =>
      current.evaluate((link) => {
        const box = link.closest('.staff-shell__side')!.getBoundingClientRect();
        const item = link.getBoundingClientRect();
        return Math.max(0, item.bottom - box.bottom) + Math.max(0, box.top - item.top);
      });
    await page.goto('/staff/audit');
    await expect.poll(() => page.title()).toBe('Audit trail | Staff');
    expect(await side.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expect.poll(() => current.innerText()).toBe('Audit');
    await expect.poll(outside).toBe(0);
    // Only the navigation's column scrolled, not the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('folds its navigation behind Menu on a phone and below a small laptop\'s 1024 px: the page first, a link followed or Escape closes it', async () => {
    const { page, consoleErrors } = await signedInPage('manager', { width: 390, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Staff console' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await page.goto('/staff');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // Folded: the page's heading in the first screen's top quarter, no link of the navigation shown.
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.y).toBeLessThan(844 / 4);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/staff/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    // From the keyboard: open, Escape closes and the focus goes back to the button.
    await menu.focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Members' }).focus();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);

    // A window a little narrower than a small laptop's keeps it folded, the page the window's width;
    // from 1024 px the whole navigation stands beside the page, and no button.
    await resizeTo(page, { width: 1000, height: 800 });
    expect(await menu.isVisible(), 'Menu at 1000 px').toBe(true);
    expect(await nav.isVisible(), 'the navigation at 1000 px').toBe(false);
    for (const width of [1024, 1280]) {
      await resizeTo(page, { width, height: 800 });
      await expect.poll(() => nav.getByRole('link', { name: 'Members' }).isVisible(), { message: `the navigation at ${width} px` }).toBe(true);
      expect(await menu.isVisible(), `Menu at ${width} px`).toBe(false);
    }
    expect(consoleErrors).toEqual([]);
  });

  it('fits its frame on the narrowest phone (320 px): Menu shows its bars, Sign out stays one line beside who is signed in', async () => {
    const { page, consoleErrors } = await signedInPage('admin', { width: 1280, height: 720 });
    await page.goto('/staff');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const signOut = page.getByRole('button', { name: 'Sign out' });
    const wideHeight = (await signOut.boundingBox())!.height;

    await page.setViewportSize(NARROWEST_PHONE);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    // The word is for screen readers only here; the three bars are what the eye finds, inside the button.
    const button = (await menu.boundingBox())!;
    const bars = (await menu.locator('.main-nav__toggle-bars').boundingBox())!;
    expect(bars.width).toBeGreaterThanOrEqual(16);
    expect(bars.x).toBeGreaterThanOrEqual(button.x);
    expect(bars.x + bars.width).toBeLessThanOrEqual(button.x + button.width);
    expect(await menu.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    const signOutBox = (await signOut.boundingBox())!;
    expect(signOutBox.height).toBe(wideHeight);
    const who = (await page.getByTestId('staff-who').boundingBox())!;
    expect(who.x + who.width).toBeLessThanOrEqual(signOutBox.x);
    expect(signOutBox.x + signOutBox.width).toBeLessThanOrEqual(320);

    await menu.click();
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('keeps each waiting request whole in sight, Approve and Decline with it: at 1280 px, and beside the navigation at 1024 px with a Founder\'s List request\'s ideal allocation', async () => {
    // A Founder's List request of this test's own, with the ideal allocation staff decide on.
    const email = `e2e-founder-${Date.now().toString(36)}@example.com`;
    const ideal = 'Two cases of St. Eden each year, and any Pluribus magnums you can spare';
    await askToJoin('founders-list', {
      prefix: 'Ms.', firstName: 'Odile', lastName: 'Fontaine', email, confirmEmail: email, phoneCountry: 'US', phone: '(707) 555-0199',
      dateOfBirth: '1975-04-11', company: '', address1: '12 Vine Street', address2: '', city: 'Sonoma', stateCode: 'CA', zipCode: '95476', countryCode: 'US', idealAllocation: ideal,
    });
    const { page, consoleErrors } = await signedInPage('manager', { width: 1280, height: 800 });
    await page.goto('/staff/prospects');
    await waitForApp(page);
    const table = page.getByRole('region', { name: 'Waiting' });
    await table.getByRole('button', { name: /^Approve/ }).first().waitFor();

    /** Each row's two buttons, as far as they lie inside what the table's region shows. */
    const decisionsInSight = () =>
      table.evaluate((region) => {
        const shown = region.getBoundingClientRect();
        const buttons = [...region.querySelectorAll('tbody button')];
        const inside = buttons.filter((button) => {
          const box = button.getBoundingClientRect();
          return box.left >= shown.left && box.right <= shown.right;
        });
        return { buttons: buttons.length, inside: inside.length, hiddenSideways: region.scrollWidth - region.clientWidth };
      });

    // A laptop's width: nothing of the table hidden past its edge, so no row's decision either.
    const wide = await decisionsInSight();
    expect(wide.buttons).toBeGreaterThan(0);
    expect(wide).toEqual({ buttons: wide.buttons, inside: wide.buttons, hiddenSideways: 0 });
    // A stop of Tab (to scroll with the arrow keys) only while there is something to scroll.
    expect(await table.getAttribute('tabindex')).toBeNull();
    // Where each one lives is under the name, and when it arrived reads as one date and time.
    const first = table.locator('tbody tr').first();
    expect(await first.locator('td').nth(2).innerText()).toMatch(/\n[^\n]+, [A-Z]{2}$/);
    expect(await first.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await first.locator('time').innerText()).replace(/\s+/g, ' ')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z]{3,4}$/);

    // A small laptop's window, the navigation beside the page: still the whole table, every decision
    // in sight, and what a request asks for (its list, a Founder's List's ideal allocation) with it.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect.poll(async () => (await decisionsInSight()).hiddenSideways, { message: 'the requests past the table\'s edge at 1024 px' }).toBe(0);
    await expect.poll(async () => (await decisionsInSight()).inside).toBe(wide.buttons);
    // The frame's stop of Tab follows its size through a ResizeObserver, a frame after the layout.
    await expect.poll(() => table.getAttribute('tabindex')).toBeNull();
    await page.getByLabel('Kind').selectOption({ label: "Founder's List" });
    // The filtered list is a new table (the list of any kind leaves, then the Founder's List comes):
    // its column reads 'Place', a place in that one list. Measuring before it came measured a row
    // on its way out (CI once: no box at all).
    await expect.poll(() => page.getByRole('columnheader', { name: 'Place', exact: true }).count()).toBe(1);
    const founders = page.getByRole('region', { name: 'Waiting' });
    const request = founders.locator('tbody tr', { hasText: email }).getByRole('cell').filter({ hasText: ideal });
    await request.waitFor();
    // The cell's right edge against the region's, measured in one step of the page.
    const pastEdge = () => request.evaluate((cell) => cell.getBoundingClientRect().right - cell.closest('[role=region]')!.getBoundingClientRect().right);
    expect(await pastEdge(), 'the ideal allocation past the table at 1024 px').toBeLessThanOrEqual(0);
    // The list's badge, then the allocation, named as such to a screen reader.
    expect(await request.textContent()).toBe(`Founder's ListIdeal allocation: ${ideal}`);
    await expect.poll(() => founders.evaluate((region) => region.scrollWidth - region.clientWidth), { message: "the Founder's List past the table's edge at 1024 px" }).toBe(0);
    await page.getByLabel('Kind').selectOption({ label: 'Any kind' });
    await expect.poll(() => page.getByRole('columnheader', { name: 'Place in its list' }).count()).toBe(1);

    // On a phone each request reads as a card: nothing sideways, the name first, each value under
    // its column's name, the decision in sight; to a screen reader it is still the same table.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await decisionsInSight()).hiddenSideways).toBe(0);
    expect((await decisionsInSight()).inside).toBe(wide.buttons);
    await expect.poll(() => table.getAttribute('tabindex')).toBeNull();
    const [place, arrived, name] = await Promise.all([0, 1, 2].map((index) => first.locator('td').nth(index).boundingBox()));
    expect(name!.y).toBeLessThan(place!.y);
    expect(place!.y).toBeLessThan(arrived!.y);
    expect(await first.locator('td').nth(1).evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Arrived" / ""');
    expect(await table.getByRole('columnheader', { name: 'Arrived' }).count()).toBe(1);
    expect(await table.getByRole('cell', { name: /^Arrived/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("keeps the members' and the orders' lists whole in a small laptop's window (1024 px): standing, total and status in sight", async () => {
    await newMember('ordered');
    const { page, consoleErrors } = await signedInPage('manager', { width: 1024, height: 800 });
    for (const [path, name, last] of [
      ['/staff/members', 'Members', 'Standing'],
      ['/staff/orders', 'Orders', 'Status'],
    ] as const) {
      await page.goto(path);
      await waitForApp(page);
      const list = page.getByRole('region', { name });
      await list.locator('tbody tr').first().waitFor();
      expect(await list.evaluate((region) => region.scrollWidth - region.clientWidth), `${name}: hidden past the table's edge`).toBe(0);
      const frame = (await list.boundingBox())!;
      const header = (await list.getByRole('columnheader', { name: last }).boundingBox())!;
      expect(header.x + header.width, `${name}: the ${last} column`).toBeLessThanOrEqual(frame.x + frame.width);
      // With nothing to scroll, the table's frame is no stop of Tab before its first link.
      expect(await list.getAttribute('tabindex'), `${name}: a stop of Tab with nothing to scroll`).toBeNull();
    }
    // The e-mail reads under the member's name, and when an order was placed under its number.
    const order = page.getByRole('region', { name: 'Orders' }).locator('tbody tr').first().locator('td').first();
    expect(await order.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(consoleErrors).toEqual([]);
  });

  it("reads the members and the staff as cards on a phone: every member selected at once, a colleague's role and Deactivate both in sight", async () => {
    await newMember('member');
    const { page, consoleErrors } = await signedInPage('admin', { width: 390, height: 844 });
    /** What of the page lies past the phone's edge, the region's own scrolling included. */
    const hiddenSideways = (name: string) =>
      page.getByRole('region', { name }).evaluate((region) => Math.max(region.scrollWidth - region.clientWidth, document.documentElement.scrollWidth - innerWidth));

    await page.goto('/staff/members');
    await waitForApp(page);
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('link').first().waitFor();
    expect(await hiddenSideways('Members')).toBe(0);
    const everyMember = page.getByRole('checkbox', { name: 'Select every member shown' });
    await everyMember.check();
    const boxes = members.locator('tbody').getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(0);
    expect(await boxes.evaluateAll((all) => all.every((box) => (box as HTMLInputElement).checked))).toBe(true);
    // A member's box stands on the line of their name, which opens their page.
    const card = members.locator('tbody tr').first();
    const [box, name] = [await card.getByRole('checkbox').boundingBox(), await card.getByRole('link').boundingBox()];
    expect(Math.abs(box!.y + box!.height / 2 - (name!.y + name!.height / 2))).toBeLessThan(8);

    await page.goto('/staff/accounts');
    await waitForApp(page);
    const accounts = page.getByRole('region', { name: 'Staff accounts' });
    const colleague = accounts.locator('tbody tr').filter({ has: page.getByRole('button', { name: /^Deactivate/ }) }).first();
    const deactivate = colleague.getByRole('button', { name: /^Deactivate/ });
    await deactivate.waitFor();
    expect(await hiddenSideways('Staff accounts')).toBe(0);
    for (const control of [colleague.getByRole('combobox'), deactivate]) {
      await control.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - innerHeight / 2));
      expect(await uncovered(control), String(control)).toBe(true);
    }
    expect(consoleErrors).toEqual([]);
  });

  it('works from the keyboard: the skip link, and a confirm that closes on Escape', async () => {
    const { page } = await signedInPage('manager');
    await page.goto('/staff/prospects');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('staff-main');

    const approve = page.getByRole('button', { name: /^Approve/ }).first();
    await approve.waitFor();
    await approve.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The safe choice is focused first.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });
});
