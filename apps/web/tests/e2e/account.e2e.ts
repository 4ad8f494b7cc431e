import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiSignIn } from './support/api';
import { axeViolationsAt } from './support/axe';
import { baseURL, expectToast, NARROWEST_PHONE, networkQuiet, pageWidthAt, resizeTo, setupBrowser, signIn, waitForApp } from './support/browser';
import { membersLike, PASSWORD } from './support/fixtures';

const newPage = setupBrowser();
// A member without an allocation (their wallet starts empty) and one with an order, address and card.
const members = membersLike('member', 'ordered');

const ACCOUNT_PAGES = [
  { path: '/profile', link: 'Overview', title: 'Account', heading: 'Account' },
  { path: '/profile/edit', link: 'Personal details', title: 'Personal Details', heading: 'Personal details' },
  { path: '/profile/password', link: 'Password', title: 'Change Password', heading: 'Change password' },
  { path: '/profile/addresses', link: 'Addresses', title: 'Addresses', heading: 'Addresses' },
  { path: '/profile/cards', link: 'Cards', title: 'Saved Cards', heading: 'Saved cards' },
  { path: '/profile/orders', link: 'Orders', title: 'Past Orders', heading: 'Past orders' },
] as const;

/** A card that never expires in these tests: December, three years on. */
const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

/** The message under a field, read through its aria-describedby (what a screen reader says). */
async function fieldMessage(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const page = field.page();
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(' ');
}

async function expectFieldMessage(field: Locator, message: string) {
  await expect.poll(() => fieldMessage(field)).toBe(message);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
}

/** The member starts with no saved address or card; each test that adds some removes them. */
async function emptyWallet(email: string) {
  const { token, customerId } = await apiSignIn(email);
  for (const kind of ['address', 'card'] as const) {
    const base = `/v1/demo/customer/${customerId}/${kind}`;
    const list = (await api(token, 'GET', base)).body as { id: string }[];
    for (const item of list) await api(token, 'DELETE', `${base}/${item.id}`);
  }
}

async function signInTo(page: Page, email: string, path: string) {
  // Asked for the account: a member in an offering would otherwise land on it (seed §4).
  await signIn(page, email, PASSWORD, '/profile');
  await page.waitForURL('**/profile');
  if (path !== '/profile') {
    await page.getByTestId('account-nav').getByRole('link', { name: ACCOUNT_PAGES.find((p) => p.path === path)!.link }).click();
    await page.waitForURL(`**${path}`);
  }
  await waitForApp(page);
}

describe('the account pages', () => {
  it('are reached with the keyboard alone, each with its own title and heading', async () => {
    const { page, consoleErrors } = await newPage();
    await signInTo(page, members.member.email, '/profile');
    for (const target of ACCOUNT_PAGES) {
      await page.goto('/profile');
      await waitForApp(page);
      await page.getByTestId('profile-name').waitFor();
      const focused: string[] = [];
      let found = false;
      for (let i = 0; i < 40 && !found; i += 1) {
        await page.keyboard.press('Tab');
        const current = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          return { text: element?.innerText?.trim() ?? '', inNav: Boolean(element?.closest('[data-testid="account-nav"]')) };
        });
        focused.push(current.text);
        found = current.inNav && current.text === target.link;
      }
      expect(found, `Tab reached "${target.link}" (${focused.join(' | ')})`).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${target.path}`);
      await expect.poll(() => page.title()).toBe(`${target.title} | Aldermoor Estate`);
      await expect.poll(() => heading(page)).toBe(target.heading);
      expect(
        await page.getByTestId('account-nav').getByRole('link', { name: target.link }).getAttribute('aria-current'),
      ).toBe('page');
    }
    expect(consoleErrors).toEqual([]);
  });

  it("show every page's link on a tablet, none hidden past the navigation's edge (640 to 1000 px)", async () => {
    const { page, consoleErrors } = await newPage({ viewport: { width: 768, height: 1024 } });
    await signInTo(page, members.member.email, '/profile');
    const links = page.getByTestId('account-nav').getByRole('list');
    for (const width of [640, 768, 1000]) {
      await resizeTo(page, { width, height: 1024 });
      const frame = (await links.boundingBox())!;
      for (const target of ACCOUNT_PAGES) {
        const link = (await links.getByRole('link', { name: target.link, exact: true }).boundingBox())!;
        expect(link.x >= frame.x && link.x + link.width <= frame.x + frame.width, `${target.link} at ${width} px`).toBe(true);
      }
    }
    expect(consoleErrors).toEqual([]);
  });

  it('have no accessibility violations (axe-core) at 1280 and 390 px, forms and dialog included, and fit 320 px', async () => {
    // Each page and state is checked at both widths in turn, the window resized (support/axe.ts).
    const widths = [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ];
    const { page } = await newPage({ viewport: widths[0] });
    // The member with an order, an address and a card: every list has something in it.
    await signInTo(page, members.ordered.email, '/profile');
    for (const target of ACCOUNT_PAGES) {
      await page.goto(target.path);
      await waitForApp(page);
      await expect.poll(() => heading(page)).toBe(target.heading);
      await networkQuiet(page);
      await page.locator('.page-loading').waitFor({ state: 'detached' });
      expect(await axeViolationsAt(page, widths), target.path).toEqual([]);
      // And it reflows to the narrowest phone (WCAG 1.4.10: 320 px) without scrolling sideways.
      expect(await pageWidthAt(page, NARROWEST_PHONE), `${target.path} at 320 px`).toBeLessThanOrEqual(320);
    }

    // Open forms showing their messages, and the confirmation dialog.
    await page.goto('/profile/addresses');
    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Please enter your street address').waitFor();
    expect(await axeViolationsAt(page, widths), 'address form').toEqual([]);

    await page.goto('/profile/cards');
    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Please enter your card number').waitFor();
    expect(await axeViolationsAt(page, widths), 'card form').toEqual([]);
    await page.getByTestId('saved-card').first().getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await axeViolationsAt(page, widths), 'remove dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.goto('/profile/edit');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Please enter your first name').waitFor();
    expect(await axeViolationsAt(page, widths), 'profile form').toEqual([]);
  });

  it('are served to the browser and send a visitor to sign in first', async () => {
    for (const { path } of ACCOUNT_PAGES) {
      const response = await fetch(`${baseURL()}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
    }
    const { page } = await newPage();
    await page.goto('/profile/cards');
    await page.waitForURL(/\/login\?redirectTo=(%2F|\/)profile(%2F|\/)cards$/);
  });
});

describe('personal details', () => {
  it('updates the profile: success toast, the new name shown, then put back', async () => {
    const { page, consoleErrors } = await newPage();
    await signInTo(page, members.member.email, '/profile/edit');
    const firstName = page.getByLabel('First name');
    await expect.poll(() => firstName.inputValue()).toBe('Sofia');
    expect(await page.getByLabel('Phone country').inputValue()).toBe('US');
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('1980-07-09');

    try {
      await firstName.fill('Sofie');
      await page.getByLabel('Company (optional)').fill('Marchetti Cellars');
      await page.getByRole('button', { name: 'Save details' }).click();
      await expectToast(page, 'Your details have been updated.');
      await page.getByTestId('account-nav').getByRole('link', { name: 'Overview' }).click();
      await expect.poll(() => page.getByTestId('profile-name').innerText()).toBe('Ms. Sofie Marchetti');
      expect(await page.getByTestId('customer-company').innerText()).toBe('Marchetti Cellars');
    } finally {
      await page.goto('/profile/edit');
      await expect.poll(() => page.getByLabel('First name').inputValue()).not.toBe('');
      await page.getByLabel('First name').fill('Sofia');
      await page.getByLabel('Company (optional)').fill('');
      await page.getByRole('button', { name: 'Save details' }).click();
      await expectToast(page, 'Your details have been updated.');
    }
    await page.goto('/profile');
    await expect.poll(() => page.getByTestId('profile-name').innerText()).toBe('Ms. Sofia Marchetti');
    expect(await page.getByTestId('customer-company').innerText()).toBe('Not provided');
    expect(consoleErrors).toEqual([]);
  });

  it('shows each field message next to its field before asking the server', async () => {
    const { page } = await newPage();
    await signInTo(page, members.member.email, '/profile/edit');
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Sofia');
    let updates = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT') updates += 1;
    });
    const save = () => page.getByRole('button', { name: 'Save details' }).click();

    await page.getByLabel('First name').fill('');
    await page.getByLabel('Email', { exact: true }).fill('member@');
    await save();
    await expectFieldMessage(page.getByLabel('First name'), 'Please enter your first name');
    await expectFieldMessage(page.getByLabel('Email', { exact: true }), 'Please enter a valid email address');

    await page.getByLabel('First name').fill('Sofia');
    await page.getByLabel('Email', { exact: true }).fill('sofia@example.com');
    await save();
    await expectFieldMessage(page.getByLabel('Confirm email'), 'Email addresses do not match');

    await page.getByLabel('Confirm email').fill('sofia@example.com');
    await page.getByLabel('Phone', { exact: true }).fill('707 555 01');
    await save();
    await expectFieldMessage(page.getByLabel('Phone', { exact: true }), 'Phone number must have exactly 10 digits');

    await page.getByLabel('Phone country').selectOption('GB');
    await page.getByLabel('Phone', { exact: true }).fill('+1 310 555 0177');
    await save();
    await expectFieldMessage(page.getByLabel('Phone', { exact: true }), 'Please enter a valid phone number for the country code');

    await page.getByLabel('Phone country').selectOption('US');
    const today = new Date();
    const under21 = `${today.getUTCFullYear() - 20}-01-01`;
    await page.getByLabel('Date of birth').fill(under21);
    await save();
    await expectFieldMessage(page.getByLabel('Date of birth'), 'Must be at least 21 years old');
    expect(updates).toBe(0);
  });

  it("refuses another member's e-mail address with the server's words", async () => {
    const { page } = await newPage();
    await signInTo(page, members.member.email, '/profile/edit');
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Sofia');
    await page.getByLabel('Email', { exact: true }).fill(members.ordered.email);
    await page.getByLabel('Confirm email').fill(members.ordered.email);
    await page.getByRole('button', { name: 'Save details' }).click();
    await expectFieldMessage(page.getByLabel('Email', { exact: true }), 'This email address is already in use.');
    await expectToast(page, 'We could not update your details.');
    await page.goto('/profile');
    await expect.poll(() => page.getByTestId('customer-email').innerText()).toBe(members.member.email);
  });
});

describe('password', () => {
  const NEW_PASSWORD = 'Harvest-Moon-2027';

  it('checks the new password, changes it, signs out other sessions, and changes it back', async () => {
    // Another browser where the member is signed in: the change must sign it out.
    const other = await newPage();
    await signIn(other.page, members.member.email);
    await other.page.waitForURL('**/profile');

    const { page, consoleErrors } = await newPage();
    await signInTo(page, members.member.email, '/profile/password');
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const submit = () => page.getByRole('button', { name: 'Change password' }).click();

    await submit();
    await expectFieldMessage(current, 'Please enter your password');
    await expectFieldMessage(next, 'Please enter a new password');
    await expectFieldMessage(confirm, 'Please fill in this field');

    await current.fill(PASSWORD);
    await next.fill('short');
    await confirm.fill('short');
    await submit();
    await expectFieldMessage(next, 'Password must be at least 8 characters');

    await next.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}?`);
    await submit();
    await expectFieldMessage(confirm, 'Passwords do not match');

    await current.fill('not-the-password');
    await confirm.fill(NEW_PASSWORD);
    await submit();
    await expectFieldMessage(current, 'Your current password is not correct');
    await expectToast(page, 'We could not change your password.');

    await current.fill(PASSWORD);
    await next.fill('password1');
    await confirm.fill('password1');
    await submit();
    await expectFieldMessage(next, 'This password is too common. Please choose another.');

    let changed = false;
    try {
      await next.fill(NEW_PASSWORD);
      await confirm.fill(NEW_PASSWORD);
      await submit();
      await expectToast(page, 'Your password has been changed.');
      changed = true;
      // Nothing of any password stays in the form.
      expect([await current.inputValue(), await next.inputValue(), await confirm.inputValue()]).toEqual(['', '', '']);

      // This session stays; the other one is signed out.
      await page.reload();
      await expect.poll(() => heading(page)).toBe('Change password');
      await other.page.reload();
      await other.page.waitForURL('**/login**');

      // The new password signs in; then it is changed back through the same form.
      const again = await newPage();
      await signIn(again.page, members.member.email, NEW_PASSWORD);
      await again.page.waitForURL('**/profile');

      await current.fill(NEW_PASSWORD);
      await next.fill(PASSWORD);
      await confirm.fill(PASSWORD);
      await submit();
      await expectToast(page, 'Your password has been changed.');
      await expect.poll(() => current.inputValue()).toBe('');
      changed = false;
    } finally {
      if (changed) {
        const { token, customerId } = await apiSignIn(members.member.email, NEW_PASSWORD);
        await api(token, 'POST', `/v1/customer/${customerId}/password`, {
          currentPassword: NEW_PASSWORD,
          newPassword: PASSWORD,
          confirmPassword: PASSWORD,
        });
      }
    }
    await apiSignIn(members.member.email, PASSWORD);
    expect(consoleErrors).toEqual([]);
  });
});

describe('addresses', () => {
  beforeEach(() => emptyWallet(members.member.email));
  afterEach(() => emptyWallet(members.member.email));

  it('adds two addresses, chooses one for shipping, edits and removes, with a toast each time', async () => {
    const { page, consoleErrors } = await newPage();
    await signInTo(page, members.member.email, '/profile/addresses');
    await page.getByText('You have not saved an address yet.').waitFor();
    await page.getByRole('button', { name: 'Add an address' }).click();

    const form = page.getByTestId('address-form');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expectFieldMessage(form.getByLabel('Street address'), 'Please enter your street address');
    await expectFieldMessage(form.getByLabel('City'), 'Please enter your city');
    await expectFieldMessage(form.getByLabel('State', { exact: true }), 'Please enter your state');
    await expectFieldMessage(form.getByLabel('Zip or postal code'), 'Please enter your zip code');

    await form.getByLabel('Street address').fill('1 Vineyard Lane');
    await form.getByLabel('City').fill('Oakville');
    await form.getByLabel('State', { exact: true }).selectOption('CA');
    await form.getByLabel('Zip or postal code').fill('ABCDE');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expectFieldMessage(form.getByLabel('Zip or postal code'), 'Please enter a valid zip or postal code for this country');
    await form.getByLabel('Zip or postal code').fill('94562');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, 'Your address has been saved.');

    const cards = page.getByTestId('address-card');
    await expect.poll(() => cards.count()).toBe(1);
    const vineyard = cards.filter({ hasText: '1 Vineyard Lane' });
    expect(await vineyard.locator('.badge').allInnerTexts()).toEqual(['Default shipping', 'Default billing']);

    // A second address abroad: the state becomes the country's own list.
    await page.getByRole('button', { name: 'Add an address' }).click();
    await form.getByLabel('Country').selectOption('CA');
    await form.getByLabel('Street address').fill('200 Bay Street');
    await form.getByLabel('Apartment, suite, etc. (optional)').fill('Suite 1200');
    await form.getByLabel('City').fill('Toronto');
    await form.getByLabel('Province').selectOption('ON');
    await form.getByLabel('Zip or postal code').fill('M5J 2J1');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, 'Your address has been saved.');
    await expect.poll(() => cards.count()).toBe(2);
    const toronto = cards.filter({ hasText: '200 Bay Street' });
    expect(await toronto.innerText()).toContain('Canada');
    expect(await toronto.locator('.badge').count()).toBe(0);

    await toronto.getByRole('button', { name: 'Use as shipping address' }).click();
    await expectToast(page, 'This is now your shipping address.');
    await expect.poll(() => toronto.locator('.badge').allInnerTexts()).toEqual(['Default shipping']);
    await expect.poll(() => vineyard.locator('.badge').allInnerTexts()).toEqual(['Default billing']);

    await toronto.getByRole('button', { name: 'Use as billing address' }).click();
    await expectToast(page, 'This is now your billing address.');
    await expect.poll(() => toronto.locator('.badge').allInnerTexts()).toEqual(['Default shipping', 'Default billing']);

    await vineyard.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('City').fill('Rutherford');
    await form.getByLabel('Zip or postal code').fill('94573');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, 'Your address has been updated.');
    await expect.poll(() => cards.filter({ hasText: '1 Vineyard Lane' }).innerText()).toContain('Rutherford, CA 94573');

    await cards.filter({ hasText: '1 Vineyard Lane' }).getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this address?' });
    await dialog.waitFor();
    // Escape keeps it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await cards.count()).toBe(2);
    await cards.filter({ hasText: '1 Vineyard Lane' }).getByRole('button', { name: 'Remove' }).click();
    await dialog.getByRole('button', { name: 'Remove address' }).click();
    await expectToast(page, 'Your address has been removed.');
    await expect.poll(() => cards.count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
});

describe('cards', () => {
  beforeEach(() => emptyWallet(members.member.email));
  afterEach(() => emptyWallet(members.member.email));

  const fillCard = async (page: Page, number: string, expiry = FUTURE_EXPIRY, cvv = '123') => {
    const form = page.getByTestId('card-form');
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Cardholder name').fill('Sofia Marchetti');
    await form.getByLabel('Expiry date (MM/YY)').fill(expiry);
    await form.getByLabel('Security code').fill(cvv);
    return form;
  };

  it('adds cards, makes one the default and removes one; the number is kept nowhere in the browser', async () => {
    const { page, consoleErrors, analytics } = await newPage();
    await signInTo(page, members.member.email, '/profile/cards');
    await page.getByText('You have not saved a card yet.').waitFor();
    await page.getByRole('button', { name: 'Add a card' }).click();

    const number = page.getByLabel('Card number');
    expect(await number.getAttribute('autocomplete')).toBe('cc-number');
    expect(await number.getAttribute('inputmode')).toBe('numeric');
    expect(await page.getByLabel('Cardholder name').getAttribute('autocomplete')).toBe('cc-name');
    expect(await page.getByLabel('Expiry date (MM/YY)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(await page.getByLabel('Security code').getAttribute('autocomplete')).toBe('cc-csc');

    await page.getByRole('button', { name: 'Save card' }).click();
    await expectFieldMessage(number, 'Please enter your card number');
    await expectFieldMessage(page.getByLabel('Cardholder name'), 'Please enter the cardholder name');
    await expectFieldMessage(page.getByLabel('Security code'), 'Please enter the security code');

    await number.pressSequentially('4242 4242');
    await expect.poll(() => page.getByTestId('card-brand').innerText()).toBe('Visa');
    let form = await fillCard(page, '4242 4242 4242 4241', '01/20');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expectFieldMessage(number, 'Please enter a valid credit card number');
    await expectFieldMessage(page.getByLabel('Expiry date (MM/YY)'), 'This card has expired');

    form = await fillCard(page, '4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expectToast(page, 'Your card has been saved.');
    const saved = page.getByTestId('saved-card');
    await expect.poll(() => saved.count()).toBe(1);
    const visa = saved.filter({ hasText: '4242' });
    const visaText = await visa.innerText();
    expect(visaText).toContain('Visa');
    expect(visaText).toContain('•••• 4242');
    expect(visaText).toContain(`Expires ${FUTURE_EXPIRY}`);
    expect(visaText).toContain('Sofia Marchetti');
    expect(await visa.locator('.badge').allInnerTexts()).toEqual(['Default']);

    // The form is gone and a new one starts empty.
    await page.getByRole('button', { name: 'Add a card' }).click();
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    expect(await page.getByLabel('Security code').inputValue()).toBe('');
    form = await fillCard(page, '5555 5555 5555 4444', FUTURE_EXPIRY, '321');
    await expect.poll(() => page.getByTestId('card-brand').innerText()).toBe('Mastercard');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expectToast(page, 'Your card has been saved.');
    await expect.poll(() => saved.count()).toBe(2);
    const mastercard = saved.filter({ hasText: '4444' });
    expect(await mastercard.locator('.badge').count()).toBe(0);

    await mastercard.getByRole('button', { name: 'Set as default' }).click();
    await expectToast(page, 'This is now your default card.');
    await expect.poll(() => mastercard.locator('.badge').allInnerTexts()).toEqual(['Default']);
    await expect.poll(() => visa.locator('.badge').count()).toBe(0);

    await visa.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
    expect(await dialog.innerText()).toContain('Visa ending in 4242');
    await dialog.getByRole('button', { name: 'Remove card' }).click();
    await expectToast(page, 'Your card has been removed.');
    await expect.poll(() => saved.count()).toBe(1);
    expect(await saved.innerText()).toContain('Mastercard');

    const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
    for (const secret of ['4242424242424242', '4242 4242 4242 4242', '5555555555554444', '5555 5555 5555 4444']) {
      expect(stored).not.toContain(secret);
      expect(JSON.stringify(analytics)).not.toContain(secret);
    }
    expect(consoleErrors).toEqual([]);
  });

  it.each([
    ['4000 0000 0000 0002', 'The credit card was declined.'],
    ['4000 0000 0000 0119', 'Unable to process card. Please verify your information.'],
  ])('shows the gateway refusing %s in its own words', async (cardNumber, message) => {
    const { page } = await newPage();
    await signInTo(page, members.member.email, '/profile/cards');
    await page.getByRole('button', { name: 'Add a card' }).click();
    const form = await fillCard(page, cardNumber);
    await form.getByRole('button', { name: 'Save card' }).click();
    await expectFieldMessage(page.getByLabel('Card number'), message);
    const failed = await expectToast(page, 'We could not save your card.');
    expect(await failed.innerText()).toContain(message);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('You have not saved a card yet.').waitFor();
  });
});

describe('past orders', () => {
  it('lists an order with its number, offering, status and total', async () => {
    const { page } = await newPage();
    await signInTo(page, members.ordered.email, '/profile/orders');
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count()).toBe(1);
    const text = await rows.innerText();
    expect(text).toContain(`Order ${members.ordered.orderNumbers[0]}`);
    expect(text).toContain('$648.00');
    expect(text).toContain('Placed');
  });

  it('says so when there are none yet', async () => {
    const { page } = await newPage();
    await signInTo(page, members.member.email, '/profile/orders');
    await page.getByText('No orders yet.').waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(0);
  });
});
