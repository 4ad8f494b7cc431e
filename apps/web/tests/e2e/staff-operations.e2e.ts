import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsAt } from './support/axe';
import { baseURL, networkQuiet, setupBrowser, signIn } from './support/browser';
import { newMember, newStaff, PASSWORD, TENANT, type Member, type Staff } from './support/fixtures';
import { nextMail } from './support/outbox';
import { consoleSettled, consoleStorage, sidewaysOnPhones, staffTokenOf } from './support/staff';

/*
 * Issue 14 in the browser, as a winery lives it after moving to the product: its list imported
 * (a file with two bad lines, fixed and imported again), the new members moved into a tier, an
 * order found and shipped with a tracking number (the member's e-mail and order page say so), the
 * orders exported to CSV, and the audit trail listing each step.
 */

const newPage = setupBrowser();
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
];
const TRACKING = '1Z999AA10123456784';
/** Letters only: a member's name may not hold digits. */
const RUN = Date.now()
  .toString(26)
  .replace(/[0-9]/g, (digit) => 'klmnopqrst'[Number(digit)]!);

async function signInStaff(staff: Staff): Promise<{ token: string; id: string }> {
  const token = await staffTokenOf(staff);
  const me = (await (await fetch(`${baseURL()}/v1/staff/me`, { headers: { tenant: TENANT, Authorization: token } })).json()) as { id: string };
  return { token, id: me.id };
}

const FIXED_FIRST_NAME = 'Héloïse';
/** The fixed file's club: no tier of the demo winery has its name. */
const OLD_CLUB = 'Membre Or';

/**
 * A list an old platform might export: 50 members, lines 9 and 33 (the 8th and 32nd member) wrong
 * until fixed. The fixed file is saved as Excel saves a plain CSV where a comma is the decimal mark:
 * semicolons between the columns, in Windows-1252, dates day first, and its members' first name is accented.
 */
function memberFile({ fixed }: { fixed: boolean }): Buffer {
  const first = ['Ash', 'Bell', 'Crane', 'Dale', 'Ember', 'Frost', 'Glen', 'Hart', 'Ives', 'Jory'];
  const second = ['field', 'wood', 'ridge', 'brook', 'stone'];
  const separator = fixed ? ';' : ',';
  // The fixed file also names each member's club, as the old platform called its tiers.
  const lines = [['First Name', 'Last Name', 'E-mail Address', 'Mobile', 'Birthday', 'Join Date', 'Street', 'City', 'State', 'Zip', 'Country', ...(fixed ? ['Club'] : [])].join(separator)];
  for (let index = 0; index < 50; index += 1) {
    const email = !fixed && index === 7 ? 'not-an-email' : `${RUN}.${index}@import.example`;
    // The fixed file writes its dates as a European spreadsheet does: day first, with slashes.
    const birthday = fixed ? '28/02/1980' : index === 31 ? '1980-02-30' : '1980-02-28';
    const street = `"${index + 1} Vine Street, Unit B"`;
    const name = [fixed ? FIXED_FIRST_NAME : 'Imported', `${first[index % 10]}${second[Math.floor(index / 10)]}${RUN}`];
    lines.push([...name, email, `+1 707 555 01${String(index).padStart(2, '0')}`, birthday, fixed ? '01/05/2020' : '2020-05-01', street, 'Napa', 'CA', '94558', 'US', ...(fixed ? [OLD_CLUB] : [])].join(separator));
  }
  const text = `${lines.join('\r\n')}\r\n`;
  return fixed ? Buffer.from(text, 'latin1') : Buffer.from(text);
}
const csvFile = (fixed: boolean) => ({ name: fixed ? 'members-fixed.csv' : 'members.csv', mimeType: 'text/csv', buffer: memberFile({ fixed }) });

let admin: { token: string; id: string };
let member: Member;
let orderId = '';

beforeAll(async () => {
  admin = await signInStaff(await newStaff('admin'));
  // A member like ordered@: one order placed for shipping.
  member = await newMember('ordered');
  const response = await fetch(`${baseURL()}/v1/staff/orders?q=${encodeURIComponent(member.email)}`, { headers: { tenant: TENANT, Authorization: admin.token } });
  orderId = ((await response.json()) as { items: { id: string }[] }).items[0]?.id ?? '';
});

describe('staff operations (issue 14)', () => {
  it('imports a list, moves it into a tier, ships an order, exports it, and the audit trail lists each step', async () => {
    const { page, consoleErrors } = await newPage({ initScript: consoleStorage(admin.token), acceptDownloads: true });

    // 1. The import: the two bad lines are named, nothing can be imported; the fixed file goes in.
    await page.goto('/staff/members');
    await consoleSettled(page);
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import members' }).waitFor();
    // A list kept in French, as Excel saves it there: each column found by its name, and the
    // member's country (Suisse) read, so the Swiss postcode is valid. Nothing is imported from it.
    const french = 'Prénom;Nom;Courriel;Téléphone;Adresse;Code postal;Ville;Pays\r\n' + `Hélène;Lefèvre${RUN};helene-${RUN}@example.com;+41 22 000 00 00;1 rue du Lac;1260;Nyon;Suisse\r\n`;
    await page.getByLabel('CSV file').setInputFiles({ name: 'membres.csv', mimeType: 'text/csv', buffer: Buffer.from(french, 'latin1') });
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toBe('1 row: 1 ready, 0 with problems, 0 already members (skipped).');
    const chosen = Object.fromEntries(await Promise.all(['firstName', 'lastName', 'email', 'phone', 'address1', 'zipCode', 'city', 'countryCode'].map(async (field) => [field, await page.locator(`#map-${field}`).inputValue()])));
    expect(chosen).toEqual({ firstName: 'Prénom', lastName: 'Nom', email: 'Courriel', phone: 'Téléphone', address1: 'Adresse', zipCode: 'Code postal', city: 'Ville', countryCode: 'Pays' });
    expect(await page.locator('#map-countryCode-sample').innerText()).toBe('First member: Suisse, read as Switzerland');
    // A column set aside stays aside: the dry run that follows reads no phone, and does not find it again.
    await page.getByLabel('Phone', { exact: true }).selectOption({ label: '— not in the file —' });
    await networkQuiet(page);
    expect(await page.getByTestId('import-summary').innerText()).toBe('1 row: 1 ready, 0 with problems, 0 already members (skipped).');
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('');
    expect(await page.locator('#map-phone-sample').count()).toBe(0);
    // A list with one column for the whole name: read as a title, a first name and a last name, and
    // the preview says so under it; the names' own fields have no column.
    const whole = `Name,Email\r\nDr. Jane Doe-${RUN},jane-${RUN}@example.com\r\n`;
    await page.getByLabel('CSV file').setInputFiles({ name: 'names.csv', mimeType: 'text/csv', buffer: Buffer.from(whole) });
    await expect.poll(() => page.getByLabel('Whole name').inputValue()).toBe('Name');
    expect(await page.getByTestId('import-summary').innerText()).toBe('1 row: 1 ready, 0 with problems, 0 already members (skipped).');
    expect(await page.locator('#map-fullName-sample').innerText()).toBe(`First member: Dr. Jane Doe-${RUN}, read as title Dr., first name Jane, last name Doe-${RUN}`);
    expect(await page.getByLabel('First name').inputValue()).toBe('');
    // A title column's title, read as a profile's, or said to be none it offers.
    const titled = `Title,Name,Email\r\nMrs,Jane Doe-${RUN},jane-${RUN}@example.com\r\n`;
    await page.getByLabel('CSV file').setInputFiles({ name: 'titles.csv', mimeType: 'text/csv', buffer: Buffer.from(titled) });
    await expect.poll(() => page.locator('#map-prefix-sample').innerText()).toBe('First member: Mrs, read as Mrs.');
    expect(await page.locator('#map-fullName-sample').innerText()).toBe(`First member: Jane Doe-${RUN}, read as first name Jane, last name Doe-${RUN}`);
    await page.getByLabel('CSV file').setInputFiles({ name: 'titles.csv', mimeType: 'text/csv', buffer: Buffer.from(titled.replace('Mrs,', 'Herr,')) });
    await expect.poll(() => page.locator('#map-prefix-sample').innerText()).toBe('First member: Herr, read as no title (a profile offers Mr., Ms., Mrs., Mx. and Dr.)');

    await page.getByLabel('CSV file').setInputFiles(csvFile(false));
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toBe('50 rows: 48 ready, 2 with problems, 0 already members (skipped).');
    const problems = page.getByRole('region', { name: '2 problems' });
    expect(await problems.locator('tbody tr').allInnerTexts()).toEqual(['9\tE-mail\tPlease enter a valid email address', '33\tDate of birth\tPlease enter a valid birth date']);
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('E-mail Address');
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('Street');
    expect(await page.getByRole('button', { name: 'Import 48 members' }).isDisabled()).toBe(true);

    await page.getByLabel('CSV file').setInputFiles(csvFile(true));
    // Its club is no tier of ours: every line is held until staff say which tier it is.
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toBe('50 rows: 0 ready, 50 with problems, 0 already members (skipped).');
    const club = page.getByLabel(`${OLD_CLUB} (50 lines)`);
    expect(await club.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await club.getAttribute('aria-describedby')}`).innerText()).toBe('Not one of your tiers: choose one, or no tier.');
    await club.selectOption({ label: 'Cellar' });
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toBe('50 rows: 50 ready, 0 with problems, 0 already members (skipped).');
    expect(await club.getAttribute('aria-invalid')).toBeNull();
    // Read as it was saved, and said so under the file; under each column chosen, what the first member has there.
    expect(await page.locator('#import-file-hint').innerText()).toBe('members-fixed.csv: 12 columns. Read as Western (Windows-1252) text, its columns separated by semicolons.');
    expect(await page.locator('#map-firstName').getAttribute('aria-describedby')).toBe('map-firstName-sample');
    await expect.poll(() => page.locator('#map-firstName-sample').innerText()).toBe(`First member: ${FIXED_FIRST_NAME}`);
    expect(await page.locator('#map-address1-sample').innerText()).toBe('First member: 1 Vine Street, Unit B');
    expect(await page.locator('#map-tier-sample').innerText()).toBe(`First member: ${OLD_CLUB}`);
    expect(await page.locator('#map-phone-sample').innerText()).toBe('First member: +1 707 555 0100');
    // A country and a state given by their codes are named, as the import reads them.
    expect(await page.locator('#map-countryCode-sample').innerText()).toBe('First member: US, read as United States');
    expect(await page.locator('#map-stateCode-sample').innerText()).toBe('First member: CA, read as California');
    // A field without a column has nothing under it.
    expect(await page.locator('#map-address2-sample').count()).toBe(0);
    // 28/02/1980 can only be day first, so the file's dates are read so, and each sample says how.
    const dates = page.getByLabel('Dates such as 3/9/2015');
    expect(await dates.locator('option:checked').innerText()).toBe('Day first: 3 September 2015');
    expect(await page.locator('#map-dateOfBirth-sample').innerText()).toBe('First member: 28/02/1980, read as Feb 28, 1980');
    expect(await page.locator('#map-memberSince-sample').innerText()).toBe('First member: 01/05/2020, read as May 1, 2020');
    // Read month first, every birthday is wrong (a 28th month), and nothing can be imported.
    await dates.selectOption({ label: 'Month first: March 9, 2015' });
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toBe('50 rows: 0 ready, 50 with problems, 0 already members (skipped).');
    expect(await page.locator('#map-memberSince-sample').innerText()).toBe('First member: 01/05/2020, read as Jan 5, 2020');
    await dates.selectOption({ label: 'Day first: 3 September 2015' });
    await expect.poll(() => page.getByTestId('import-summary').innerText()).toBe('50 rows: 50 ready, 0 with problems, 0 already members (skipped).');
    expect(await page.getByLabel('Send each a create-password invitation').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Import 50 members' }).click();
    await expect.poll(() => page.getByTestId('import-result').innerText()).toBe('50 members were imported.');

    // 2. A new tier, and the fifty moved into it from the members list.
    const tier = `Reserve ${RUN}`;
    await page.goto('/staff/tiers');
    await consoleSettled(page);
    await page.getByLabel('Name', { exact: true }).fill(tier);
    await page.getByRole('button', { name: 'Add tier' }).click();
    await page.getByLabel(`Name of ${tier}`).waitFor();

    await page.goto(`/staff/members?q=${RUN}`);
    await consoleSettled(page);
    const rows = page.getByRole('region', { name: 'Members' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    // Each name as the file spelt it, not the code page's bytes read as UTF-8.
    expect((await rows.allInnerTexts()).filter((text) => text.includes(FIXED_FIRST_NAME))).toHaveLength(50);
    // In the tier staff chose for their old club.
    expect((await rows.allInnerTexts()).filter((text) => text.includes('Cellar'))).toHaveLength(50);
    await page.getByLabel('Select every member shown').check();
    await expect.poll(() => page.getByTestId('members-selected').innerText()).toBe('50 members selected');
    await page.getByLabel('Move to tier').selectOption({ label: tier });
    await page.getByRole('button', { name: 'Move 50 members' }).click();
    await expect.poll(async () => (await rows.allInnerTexts()).filter((text) => text.includes(tier)).length).toBe(50);
    // The same members, by the tier filter.
    await page.getByLabel('Tier', { exact: true }).selectOption({ label: tier });
    await expect.poll(() => page.url()).toContain('tierId=');
    await expect.poll(() => rows.count()).toBe(50);

    // 3. The member's order, found by their e-mail, moved on with the keyboard and shipped.
    await page.goto('/staff/orders');
    await consoleSettled(page);
    await page.getByLabel('Order number, member or e-mail').fill(member.email);
    const orderLink = page.getByRole('link', { name: member.orderNumbers[0] });
    await orderLink.waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Orders' }).locator('tbody tr').count()).toBe(1);
    await orderLink.click();
    await page.getByRole('heading', { name: `Order ${member.orderNumbers[0]}` }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent);
    await page.getByRole('button', { name: 'Mark processing' }).focus();
    await page.keyboard.press('Enter');
    // The next step takes the focus, then the shipping form's first field.
    await expect.poll(focused).toBe('Mark shipped…');
    // Until it ships the card is only held, and staff are told shipping charges it (ADR 025).
    expect(await page.getByTestId('order-payment-state').innerText()).toMatch(/^\$[\d,]+\.\d\d is held on the card: it is charged when the order is marked shipped\.$/);
    expect(await page.getByTestId('order-charge-note').innerText()).toMatch(/^Marking it shipped charges \$[\d,]+\.\d\d to the member's card\.$/);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('order-carrier');
    await page.keyboard.type('UPS');
    await page.keyboard.press('Tab');
    await page.keyboard.type(TRACKING);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('order-tracking').innerText()).toContain(`UPS ${TRACKING}`);
    expect(await page.locator('#order-status .staff-badge').innerText()).toMatch(/^shipped$/i);
    // Nothing more can happen to a shipped order: no cancel.
    expect(await page.getByRole('button', { name: 'Cancel order…' }).count()).toBe(0);
    // Shipping charged the member's card, once, and the payment says so.
    expect(await page.locator('#order-payment .staff-badge').innerText()).toMatch(/^charged$/i);
    expect(await page.getByTestId('order-payment-state').innerText()).toMatch(/^\$[\d,]+\.\d\d was charged to the card on /);

    // The member's shipping e-mail, with the tracking number.
    const mail = await nextMail(member.email, 'order-shipped');
    expect(mail.text).toContain(TRACKING);

    // 4. The export of the orders this filter shows: the order's line, shipped, with its tracking.
    await page.goto(`/staff/orders?q=${encodeURIComponent(member.email)}`);
    await consoleSettled(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export these orders (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.slice(1).every((line) => line.includes(member.orderNumbers[0]!) && line.includes(TRACKING) && line.includes('shipped'))).toBe(true);

    // 5. The audit trail: each step, by this staff member.
    await page.goto(`/staff/audit?staffUserId=${admin.id}`);
    await consoleSettled(page);
    const entries = page.getByTestId('audit-entry');
    const actionFilter = page.getByLabel('Action');
    // Each action chosen by its words, and each entry saying it in them.
    const expectEntries = async (action: string, words: string, count: number) => {
      await actionFilter.selectOption({ label: words });
      await expect.poll(() => page.url()).toContain(`action=${action}`);
      await expect.poll(async () => (await entries.locator('.staff-audit__action').allInnerTexts()).filter((text) => text === words).length, { message: action }).toBe(count);
      expect(await entries.count(), action).toBe(count);
    };
    await expectEntries('member.import', 'Member imported', 50);
    await expectEntries('tier.create', 'Tier added', 1);
    // Whom it is about, by their name as it reads now, with their page a click away.
    expect(await entries.locator('.staff-audit__entity').innerText()).toBe(`Tier ${tier}`);
    await expectEntries('member.tier', 'Member moved to a tier', 50);
    expect((await entries.locator('.staff-audit__entity').allInnerTexts()).every((text) => text.startsWith(`Member ${FIXED_FIRST_NAME} `))).toBe(true);
    await expectEntries('order.processing', 'Order marked processing', 1);
    await expectEntries('order.shipped', 'Order shipped', 1);
    const subject = entries.locator('.staff-audit__entity');
    expect(await subject.innerText()).toMatch(new RegExp(`^Order ${member.orderNumbers[0]} · \\p{L}+ \\p{L}+$`, 'u'));
    expect(await subject.getByRole('link', { name: member.orderNumbers[0] }).getAttribute('href')).toBe(`/staff/orders/${orderId}`);
    // The shipment's before and after, field by field.
    await entries.first().locator('summary').click();
    const changed = entries.first().locator('.staff-audit-diff__changed');
    // Each field by its name in words, a status as the console says it.
    expect(await changed.allInnerTexts()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Carrier[\s\S]*\t—\tUPS$/),
        expect.stringMatching(new RegExp(`^Tracking number[\\s\\S]*\\t—\\t${TRACKING}$`)),
        expect.stringMatching(/^Fulfilment status[\s\S]*\tProcessing\tShipped$/),
      ]),
    );
    expect(consoleErrors).toEqual([]);

    // The member's own order page says shipped, with the tracking number.
    const memberSide = await newPage();
    await signIn(memberSide.page, member.email, PASSWORD, '/profile/orders');
    const orderRow = memberSide.page.getByTestId('order-row');
    await expect.poll(() => orderRow.innerText()).toContain('Shipped');
    expect(await orderRow.innerText()).toContain(TRACKING);
  }, 120_000);

  it('adds a member by hand, edits, links, deactivates and reactivates them; renames and removes a tier; exports the members', async () => {
    const { page, consoleErrors } = await newPage({ initScript: consoleStorage(admin.token), acceptDownloads: true });
    const email = `${RUN}.by-hand@members.example`;
    await page.goto('/staff/members/new');
    await consoleSettled(page);
    await page.getByLabel('First name').fill('Hester');
    await page.getByLabel('Last name').fill(`Vale${RUN}`);
    await page.getByLabel('E-mail').fill('not an e-mail');
    await page.getByRole('button', { name: 'Add member' }).click();
    // Refused: the message under the field, what was typed kept.
    await expect.poll(() => page.locator('#member-email-error').innerText()).toBe('Please enter a valid email address');
    expect(await page.getByLabel('First name').inputValue()).toBe('Hester');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('heading', { name: `Hester Vale${RUN}` }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Phone').fill('+1 707 555 0199');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId('member-profile').innerText()).toContain('+1 707 555 0199');

    await page.getByRole('button', { name: 'Send account link' }).click();
    const link = await nextMail(email, 'account-link');
    expect(link.links.some((href) => new URL(href).pathname.startsWith('/account-link/'))).toBe(true);
    await page.reload();
    await expect.poll(() => page.locator('#member-links').innerText()).toContain('Account link');

    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate Hester Vale${RUN}?` });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => page.locator('.staff-page-header__lede').innerText()).toContain('Deactivated');
    expect(await page.getByRole('button', { name: 'Send account link' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByRole('dialog', { name: `Reactivate Hester Vale${RUN}?` }).getByRole('button', { name: 'Reactivate' }).click();
    await expect.poll(() => page.locator('.staff-page-header__lede').innerText()).toContain('Active');

    // Their history, from their page: each change in words, newest first, about them by name.
    await page.getByRole('link', { name: 'History of changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    const history = page.getByTestId('audit-entry');
    await expect
      .poll(() => history.locator('.staff-audit__action').allInnerTexts())
      .toEqual(['Member reactivated', 'Member deactivated', 'Account link sent to a member', 'Member edited', 'Member added']);
    expect(new Set(await history.locator('.staff-audit__entity').allInnerTexts())).toEqual(new Set([`Member Hester Vale${RUN} · ${email}`]));
    // Said whose history it is, with the way back to every change (the field of the record's id emptied, and staying so).
    expect((await page.getByTestId('audit-about').innerText()).replace(/\s+/g, ' ')).toBe(`The changes to Member Hester Vale${RUN} · ${email} Show every change`);
    await page.getByRole('button', { name: 'Show every change' }).click();
    await expect.poll(() => page.url()).not.toContain('entityId=');
    await expect.poll(() => page.getByLabel('Entity ID').inputValue()).toBe('');
    // Longer than the field's 300 ms before it sends what is typed: nothing sends the id back.
    await page.waitForTimeout(400);
    expect(page.url()).not.toContain('entityId=');
    expect(await page.getByTestId('audit-about').count()).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { name: `Hester Vale${RUN}` }).waitFor();

    // Tiers: one added, renamed and ranked, then removed after a confirm.
    const tier = `Library ${RUN}`;
    await page.goto('/staff/tiers');
    await consoleSettled(page);
    await page.getByLabel('Name', { exact: true }).fill(tier);
    await page.getByRole('button', { name: 'Add tier' }).click();
    await page.getByLabel(`Name of ${tier}`).fill(`${tier} Club`);
    await page.getByLabel(`Rank of ${tier}`).fill('90');
    await page.getByRole('button', { name: `Save ${tier}` }).click();
    await page.getByLabel(`Name of ${tier} Club`).waitFor();
    expect(await page.getByLabel(`Rank of ${tier} Club`).inputValue()).toBe('90');
    await page.getByRole('button', { name: `Remove ${tier} Club` }).click();
    await page.getByRole('dialog', { name: `Remove the tier ${tier} Club?` }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByLabel(`Name of ${tier} Club`).count()).toBe(0);

    // The members export, filtered by the search: the member added here, with the phone saved.
    await page.goto(`/staff/members?q=${encodeURIComponent(email)}`);
    await consoleSettled(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    // Marked as UTF-8, so Excel does not read its names in the computer's code page.
    expect(csv.startsWith('\uFEFFprefix,first_name,')).toBe(true);
    const rows = csv.trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(email);
    expect(rows[1]).toContain('+1 707 555 0199');
    expect(consoleErrors).toEqual([]);
  });

  it("says in the API's words why a move was refused when someone else moved the order first, and offers only what is left", async () => {
    const other = await newMember('ordered');
    const listed = await fetch(`${baseURL()}/v1/staff/orders?q=${encodeURIComponent(other.email)}`, { headers: { tenant: TENANT, Authorization: admin.token } });
    const { id } = ((await listed.json()) as { items: { id: string }[] }).items[0]!;
    const { page } = await newPage({ initScript: consoleStorage(admin.token) });
    await page.goto(`/staff/orders/${id}`);
    await consoleSettled(page);

    // A colleague cancels it meanwhile (through the API).
    const cancelled = await fetch(`${baseURL()}/v1/staff/orders/${id}/status`, {
      method: 'POST',
      headers: { tenant: TENANT, Authorization: admin.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(cancelled.status).toBe(200);

    await page.getByRole('button', { name: 'Mark processing' }).click();
    await expect.poll(() => page.getByTestId('order-refused').innerText()).toBe('An order that was cancelled cannot be marked processing.');
    await expect.poll(() => page.locator('#order-status .staff-badge').innerText()).toMatch(/^cancelled$/i);
    expect(await page.getByRole('button', { name: /^(Mark|Cancel order)/ }).count()).toBe(0);
    expect(await page.getByText('Nothing more happens to this order.').count()).toBe(1);
  });

  it('shows a viewer every page and no control that writes', async () => {
    const viewer = await signInStaff(await newStaff('viewer'));
    const { page } = await newPage({ initScript: consoleStorage(viewer.token) });
    const members = (await (await fetch(`${baseURL()}/v1/staff/members?limit=1`, { headers: { tenant: TENANT, Authorization: viewer.token } })).json()) as { items: { id: string }[] };

    for (const path of ['/staff/members', `/staff/members/${members.items[0]!.id}`, '/staff/members/new', '/staff/tiers', '/staff/orders', `/staff/orders/${orderId}`]) {
      await page.goto(path);
      await consoleSettled(page);
      expect(await page.getByTestId('read-only-note').count(), path).toBe(1);
      const writes = page.getByRole('button', { name: /^(Edit|Deactivate|Reactivate|Add member|Add tier|Save|Remove|Mark |Cancel order|Move |Send )/ });
      expect(await writes.count(), path).toBe(0);
      // Nor a way into the audit trail, which is not theirs to read.
      expect(await page.getByRole('link', { name: /^(Import CSV|Add member|History of changes)$/ }).count(), path).toBe(0);
      expect(await page.locator('main input[type="checkbox"], .staff-tier input').count(), path).toBe(0);
    }
    // Staff accounts and the audit trail are not theirs: not in the navigation, and said so.
    const nav = page.getByRole('navigation', { name: 'Staff console' });
    expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Audit' }).count()).toBe(0);
    await page.goto('/staff/accounts');
    await page.getByText('Only admins manage staff accounts.').waitFor();
    await page.goto('/staff/audit');
    await page.getByText('The audit trail is for managers and admins.').waitFor();
  });

  it('has no axe-core violation on any of its pages at 1280 and 768 px, and none is wider than a phone', async () => {
    // Each page and state is checked at both widths in turn, and measured at a phone's, the window
    // resized rather than each page loaded three times.
    const members = (await (await fetch(`${baseURL()}/v1/staff/members?limit=1`, { headers: { tenant: TENANT, Authorization: admin.token } })).json()) as { items: { id: string }[] };
    const { page, consoleErrors } = await newPage({ viewport: VIEWPORTS[0], initScript: consoleStorage(admin.token) });
    const pages = [
      '/staff/members',
      `/staff/members/${members.items[0]!.id}`,
      '/staff/members/new',
      '/staff/members/import',
      '/staff/tiers',
      '/staff/orders',
      `/staff/orders/${orderId}`,
      '/staff/accounts',
      '/staff/audit',
    ];
    const wide: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await consoleSettled(page);
      expect(await axeViolationsAt(page, VIEWPORTS), path).toEqual([]);
      wide.push(...(await sidewaysOnPhones(page)).map((what) => `${path}: ${what}`));
    }
    expect(wide, 'pages wider than a phone').toEqual([]);
    // The import with its problems listed (a club that is no tier of ours: its choice marked
    // invalid, each line's error), the order's shipping form open, an audit entry opened.
    await page.goto('/staff/members/import');
    await page.getByLabel('CSV file').setInputFiles(csvFile(true));
    await page.getByLabel(`${OLD_CLUB} (50 lines)`).waitFor();
    await page.getByTestId('import-summary').waitFor();
    expect(await axeViolationsAt(page, VIEWPORTS), 'import preview').toEqual([]);
    await page.goto('/staff/audit');
    await consoleSettled(page);
    await page.getByTestId('audit-entry').first().locator('summary').click();
    expect(await axeViolationsAt(page, VIEWPORTS), 'audit entry opened').toEqual([]);
    expect(consoleErrors).toEqual([]);

    // The invited colleague's page, signed out.
    const signedOut = await newPage({ viewport: VIEWPORTS[0] });
    await signedOut.page.goto('/staff/create-password/an-expired-link-token-0000');
    await signedOut.page.getByRole('heading', { name: 'Create your password' }).waitFor();
    expect(await axeViolationsAt(signedOut.page, VIEWPORTS), 'create-password').toEqual([]);
  }, 120_000);

  it('lets an invited colleague create a password from the e-mailed link and signs them in', async () => {
    const { page } = await newPage({ initScript: consoleStorage(admin.token) });
    const email = `${RUN}.colleague@staff.example`;
    await page.goto('/staff/accounts');
    await consoleSettled(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Name', { exact: true }).fill('Colette Cellar');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Manager' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect.poll(() => row.innerText()).toContain('Invited');

    const mail = await nextMail(email, 'staff-invitation');
    const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname.startsWith('/staff/create-password/'));
    expect(link).toBeDefined();
    const colleague = await newPage();
    await colleague.page.goto(link!.pathname);
    await colleague.page.getByLabel('Password', { exact: true }).fill('Cellar-door-2026!');
    await colleague.page.getByLabel('Confirm password').fill('Cellar-door-2026!');
    await colleague.page.getByRole('button', { name: 'Create password and sign in' }).click();
    await colleague.page.waitForURL((url) => url.pathname === '/staff');
    await expect.poll(() => colleague.page.getByTestId('staff-who').innerText()).toMatch(/Colette Cellar\s*Manager/i);

    await page.reload();
    await consoleSettled(page);
    await expect.poll(() => row.innerText()).toContain('Active');
  });
});
