import type { AllocationSummary, CommunicationPreferences, StaffOfferingSummary } from '@winery/domain';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiSignIn } from './support/api';
import { axeViolations } from './support/axe';
import { baseURL, expectToast, setupBrowser, signIn } from './support/browser';
import { newMember, PASSWORD, TENANT } from './support/fixtures';
import { linkPath, mailIds, nextMail } from './support/outbox';
import { staffApi } from './support/staff';

/*
 * Issue 15, items 7 and 11: a card saved once, a new password that is new, a used link while signed
 * in, the member's e-mail choices and an e-mail's one-click unsubscribe link. At both widths. And,
 * on a phone, a tap on the account's links while a toast leaves over them.
 */

const newPage = setupBrowser();

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** The message under a field, read through its aria-describedby (what a screen reader says). */
async function fieldMessage(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => field.page().locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(' ');
}

async function expectFieldMessage(field: Locator, message: string) {
  await expect.poll(() => fieldMessage(field)).toBe(message);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
}

/** A link e-mailed to the member and traded once already (a second reading of the mail). */
async function usedLink(email: string, kind: 'sign-in-link' | 'account-link', prefix: string, send: () => Promise<unknown>) {
  const seen = await mailIds(email);
  await send();
  const path = linkPath(await nextMail(email, kind, seen), prefix);
  const purpose = kind === 'sign-in-link' ? 'login' : 'account';
  const exchanged = await fetch(`${baseURL()}/v1/customer/link/exchange`, {
    method: 'POST',
    headers: { tenant: TENANT, 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: path.slice(prefix.length), purpose }),
  });
  expect(exchanged.status).toBe(200);
  return path;
}

/** The open offering the member is allocated in, as the staff console names it. */
async function offeringOf(email: string) {
  const { token, customerId } = await apiSignIn(email);
  const [current] = (await api<AllocationSummary[]>(token, 'GET', `/v1/${TENANT}/customer/${customerId}/allocation`)).body;
  const offerings = (await staffApi<{ items: StaffOfferingSummary[] }>('GET', '/v1/staff/offerings?limit=200')).body.items;
  return { token, customerId, offeringId: offerings.find((candidate) => candidate.name === current!.name)!.id };
}

/** Records, for each toast, whether it takes pointer events at the moment it starts to slide in. */
const RECORD_TOAST_ARRIVALS = `
  window.__toastArrivals = [];
  new MutationObserver((changes) => {
    for (const { target } of changes) {
      if (target.getAttribute('data-mounted') === 'true') window.__toastArrivals.push(getComputedStyle(target).pointerEvents);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-mounted'] });
`;

describe('a toast on its way in or out, at 390 px', () => {
  it('takes no tap: one on the account navigation under it goes through', async () => {
    const member = await newMember('member');
    const { page, consoleErrors } = await newPage({ viewport: { width: 390, height: 844 }, initScript: RECORD_TOAST_ARRIVALS });
    await signIn(page, member.email, PASSWORD, '/profile');
    await page.waitForURL('**/profile');
    // On a phone the account's links run in a row under the header, where the toasts sit: the page
    // is scrolled until the row lies under the toast, as it does once a member has scrolled a little.
    const toast = await expectToast(page, 'Welcome back.');
    // Sliding in, it took no taps; in place, it does (below, it covers the link).
    expect(await page.evaluate(() => (window as unknown as { __toastArrivals: string[] }).__toastArrivals)).toEqual(['none']);
    await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const link = page.getByTestId('account-nav').getByRole('link', { name: 'Password' });
    await link.scrollIntoViewIfNeeded();
    const middle = (box: { y: number; height: number } | null) => box!.y + box!.height / 2;
    const scrollBy = middle(await link.boundingBox()) - middle(await toast.boundingBox());
    await page.evaluate((by) => window.scrollBy(0, by), scrollBy);
    const box = (await link.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const covered = await toast.evaluate((element, [px, py]) => element.contains(document.elementFromPoint(px!, py!)), [x, y]);
    expect(covered, 'the toast lies over the link while it shows').toBe(true);

    // Leaving, the toast slides up over the row and fades. A finger's tap (held 150 ms) begun on
    // the link as the toast starts to go opens the link's page: a toast on its way out takes no tap.
    await toast.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const gone = () => element.getAttribute('data-removed') === 'true' && resolve();
          new MutationObserver(gone).observe(element, { attributes: true, attributeFilter: ['data-removed'] });
          gone();
        }),
    );
    await page.mouse.click(x, y, { delay: 150 });
    await page.waitForURL('**/profile/password');
    await page.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});

describe.each(WIDTHS)('account care at $width px', (viewport) => {
  const axe = async (page: Page, label: string) => expect(await axeViolations(page), `${label} at ${viewport.width}px`).toEqual([]);

  it('says by the number that a card is saved already, and by the new password that it is the current one', async () => {
    const member = await newMember('member');
    const { token, customerId } = await apiSignIn(member.email);
    const card = { cardNumber: '4242 4242 4242 4242', cardHolderName: 'Sofia Marchetti', expirationDate: FUTURE_EXPIRY, cvv: '123' };
    expect((await api(token, 'POST', `/v1/${TENANT}/customer/${customerId}/card`, card)).status).toBe(201);

    const { page, consoleErrors } = await newPage({ viewport });
    await signIn(page, member.email, PASSWORD, '/profile/cards');
    await page.waitForURL('**/profile/cards');
    await page.getByTestId('saved-card').waitFor();
    await page.getByRole('button', { name: 'Add a card' }).click();
    const form = page.getByTestId('card-form');
    await form.getByLabel('Card number').fill('4242424242424242');
    await form.getByLabel('Cardholder name').fill('Sofia Marchetti');
    await form.getByLabel('Expiry date (MM/YY)').fill(FUTURE_EXPIRY);
    await form.getByLabel('Security code').fill('123');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expectFieldMessage(form.getByLabel('Card number'), 'This card is already saved.');
    expect(await page.getByTestId('saved-card').count()).toBe(1);

    await page.getByTestId('account-nav').getByRole('link', { name: 'Password' }).click();
    await page.waitForURL('**/profile/password');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm new password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectFieldMessage(page.getByLabel('New password', { exact: true }), 'Your new password must be different from your current one.');
    // Nothing changed: the password still signs in.
    expect((await apiSignIn(member.email)).token).toBeTruthy();
    expect(consoleErrors).toEqual([]);
  });

  it('sends a signed-in member on from a used sign-in or account link, instead of saying it expired', async () => {
    const member = await newMember('offering');
    const { customerId } = await apiSignIn(member.email);
    const signInPath = await usedLink(member.email, 'sign-in-link', '/login-by-link/', () =>
      fetch(`${baseURL()}/v1/customer/login-link`, {
        method: 'POST',
        headers: { tenant: TENANT, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: member.email }),
      }),
    );
    const accountPath = await usedLink(member.email, 'account-link', '/account-link/', () => staffApi('POST', `/v1/staff/members/${customerId}/account-link`));

    const { page, consoleErrors } = await newPage({ viewport });
    await signIn(page, member.email);
    await page.waitForURL('**/offering/letter');
    // A sign-in link leads to the member's starting point: their open offering's letter.
    await page.goto(signInPath);
    await expectToast(page, 'You are already signed in.');
    await page.waitForURL('**/offering/letter');
    // An account link leads to the account.
    await page.goto(accountPath);
    await page.waitForURL('**/profile');
    await page.getByTestId('profile-name').waitFor();
    expect(await page.getByTestId('link-failed').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('saves the e-mail choices, and an e-mail’s unsubscribe link stops its kind in one click without signing in', async () => {
    const member = await newMember('offering');
    const { token, customerId, offeringId } = await offeringOf(member.email);
    const choices = async () => (await api<CommunicationPreferences>(token, 'GET', `/v1/${TENANT}/customer/${customerId}/communication`)).body;

    const { page, consoleErrors } = await newPage({ viewport });
    await signIn(page, member.email, PASSWORD, '/profile');
    await page.waitForURL('**/profile');
    await page.getByTestId('account-nav').getByRole('link', { name: 'E-mail' }).click();
    await page.waitForURL('**/profile/communication');
    const reminders = page.getByRole('switch', { name: 'Offering reminders' });
    await reminders.waitFor();
    expect(await page.title()).toBe('E-mail from the Winery | Aldermoor Estate');
    expect(await page.getByRole('switch').evaluateAll((switches) => switches.map((each) => (each as HTMLInputElement).checked))).toEqual([true, true, true]);
    await axe(page, '/profile/communication');
    await reminders.focus();
    await page.keyboard.press('Space');
    await expectToast(page, 'Offering reminders: turned off.');
    await expect.poll(choices).toEqual({ offeringInvitations: true, offeringReminders: false, news: true });
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Offering reminders' }).isChecked()).toBe(false);

    // Staff invite them: the invitation carries its unsubscribe link.
    const seen = await mailIds(member.email);
    expect((await staffApi('POST', `/v1/staff/offerings/${offeringId}/invitations`, { customerIds: [customerId], resend: true })).status).toBe(202);
    const invitation = await nextMail(member.email, 'allocation-link', seen);
    expect(invitation.text).toContain('Unsubscribe from these e-mails:');
    const unsubscribePath = linkPath(invitation, '/unsubscribe/');

    const visitor = await newPage({ viewport });
    await visitor.page.goto(unsubscribePath);
    const unsubscribe = visitor.page.getByRole('button', { name: 'Unsubscribe' });
    await unsubscribe.waitFor();
    expect(await visitor.page.getByRole('main').innerText()).toContain(`Stop sending offering invitations to ${member.email[0]}•••@example.com?`);
    await axe(visitor.page, '/unsubscribe');
    await unsubscribe.click();
    await visitor.page.getByRole('heading', { name: 'You are unsubscribed', level: 1 }).waitFor();
    await expect.poll(choices).toEqual({ offeringInvitations: false, offeringReminders: false, news: true });
    expect(await visitor.page.getByRole('switch', { name: 'Offering invitations' }).isChecked()).toBe(false);
    await axe(visitor.page, '/unsubscribe, done');
    expect([...consoleErrors, ...visitor.consoleErrors]).toEqual([]);
  });
});
