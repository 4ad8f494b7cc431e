import type { AllocationSummary, StaffOfferingSummary } from '@winery/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiSignIn } from './support/api';
import { axeViolations, axeViolationsAt } from './support/axe';
import { baseURL, expectToast, networkQuiet, setupBrowser, waitForApp } from './support/browser';
import { membersLike, TENANT } from './support/fixtures';
import { linkPath, mailIds, nextMail } from './support/outbox';
import { askToJoin, type JoinRequestBody } from './support/joining';
import { staffApi } from './support/staff';

// Joining, passwords and e-mailed links (issue 6). The e2e server has no SMTP settings, so every
// e-mail lands in the development outbox (GET /dev/outbox.json), where these tests read the links.
const newPage = setupBrowser();
const members = membersLike('member', 'offering');

const USED_LINK = 'This link has expired or was already used.';
const NEW_PASSWORD = 'Cellar-Door-2027!';
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

let serial = 0;
/** An address no other test (nor an earlier run against the same server) has used. */
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${(serial += 1)}@example.org`;

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

/** A date of birth `years` years ago today, as the date field takes it. */
function bornYearsAgo(years: number): string {
  const today = new Date();
  return `${today.getUTCFullYear() - years}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
}

interface Prospect {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phone: string;
  dateOfBirth: string;
  address1: string;
  city: string;
  stateCode: string;
  zipCode: string;
}

const prospect = (overrides: Partial<Prospect> = {}): Prospect => {
  const email = overrides.email ?? uniqueEmail('prospect');
  return {
    firstName: 'Marguerite',
    lastName: 'Okonkwo',
    email,
    confirmEmail: email,
    phone: '(707) 555-0133',
    dateOfBirth: '1979-03-14',
    address1: '55 Water Street',
    city: 'Napa',
    stateCode: 'CA',
    zipCode: '94558',
    ...overrides,
  };
};

/** Fills the person and address fields of Join Allocation or the Founder's List, as a visitor types. */
async function fillProspect(page: Page, person: Prospect) {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Confirm email').fill(person.confirmEmail);
  await page.getByLabel('Phone', { exact: true }).fill(person.phone);
  await page.getByLabel('Date of birth').fill(person.dateOfBirth);
  await page.getByLabel('Street address').fill(person.address1);
  await page.getByLabel('City').fill(person.city);
  await page.getByLabel('State', { exact: true }).selectOption(person.stateCode);
  await page.getByLabel('Zip or postal code').fill(person.zipCode);
}

/** The API body of a request to join (what the form sends). */
const joinBody = (person: Prospect): JoinRequestBody => ({
  prefix: '',
  ...person,
  phoneCountry: 'US',
  company: '',
  address2: '',
  countryCode: 'US',
});

/**
 * A member of this test's own: a request to join, approved by staff, whose create-password link
 * has been used to set `password`: joining as a prospect does.
 */
async function createMember(password?: string) {
  const person = prospect({ firstName: 'Isolde', email: uniqueEmail('member') });
  const id = await askToJoin('allocation', joinBody(person));
  const approved = await staffApi<{ customerId: string }>('POST', `/v1/staff/allocation-requests/${id}/approve`);
  expect(approved.status).toBe(200);
  const invitation = await nextMail(person.email, 'create-password');
  const createPath = linkPath(invitation, '/create-password/');
  if (password) {
    const token = decodeURIComponent(createPath.split('/').pop()!);
    const created = await fetch(`${baseURL()}/v1/customer/password-create/confirm`, {
      method: 'POST',
      headers: { tenant: TENANT, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, password, confirmPassword: password }),
    });
    expect(created.status).toBe(200);
  }
  return { email: person.email, customerId: approved.body.customerId, createPath };
}

/**
 * Opens a page and waits until the app has taken over (forms send only then) and the page has
 * rendered its heading and title (pages under e-mailed links render in the browser only).
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.title()).not.toBe('');
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

// Asked for first: the API lets a sign-in request be resent one minute after it was made, and the
// last test of this file resends it.
let resendRequest: { requestId: string; canResendAt: string };
beforeAll(async () => {
  const response = await fetch(`${baseURL()}/v1/customer/login-link`, {
    method: 'POST',
    headers: { tenant: TENANT, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('resend') }),
  });
  expect(response.status).toBe(202);
  const { requestId } = (await response.json()) as { requestId: string };
  const status = await fetch(`${baseURL()}/v1/customer/login-link/${requestId}`, { headers: { tenant: TENANT } });
  resendRequest = { requestId, ...((await status.json()) as { canResendAt: string }) };
});

describe('Join Allocation', () => {
  it('says what is missing or wrong next to each field, in the seed’s words', async () => {
    const { page, consoleErrors } = await newPage();
    await open(page, '/allocation');
    await expect.poll(() => page.title()).toBe('Join Allocation | Aldermoor Estate');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/allocation list/);
    expect(await heading(page)).toBe('Join Allocation');

    await page.getByRole('button', { name: 'Request an allocation' }).click();
    await expectFieldMessage(page.getByLabel('First name'), 'Please enter your first name');
    await expectFieldMessage(page.getByLabel('Last name'), 'Please enter your last name');
    await expectFieldMessage(page.getByLabel('Email', { exact: true }), 'Please enter your email address');
    await expectFieldMessage(page.getByLabel('Phone', { exact: true }), 'Please enter your phone number');
    await expectFieldMessage(page.getByLabel('Street address'), 'Please enter your street address');
    await expectFieldMessage(page.getByLabel('City'), 'Please enter your city');
    await expectFieldMessage(page.getByLabel('Zip or postal code'), 'Please enter your zip code');
    expect(await fieldMessage(page.getByLabel('Company (optional)'))).toBe('');
    // The first field in error has the focus, so a keyboard user starts where the problem is.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('join-first-name');

    await fillProspect(page, prospect({ confirmEmail: 'someone-else@example.org', dateOfBirth: bornYearsAgo(20) }));
    await page.getByRole('button', { name: 'Request an allocation' }).click();
    await expectFieldMessage(page.getByLabel('Confirm email'), 'Email addresses do not match');
    await expectFieldMessage(page.getByLabel('Date of birth'), 'Must be at least 21 years old');
    expect(page.url()).toMatch(/\/allocation$/);
    expect(consoleErrors).toEqual([]);
  });

  it('refuses an address that already belongs to a member', async () => {
    const { page } = await newPage();
    await open(page, '/allocation');
    await fillProspect(page, prospect({ email: members.member.email, confirmEmail: members.member.email }));
    await page.getByRole('button', { name: 'Request an allocation' }).click();
    await expectFieldMessage(page.getByLabel('Email', { exact: true }), 'This email address is already in use.');
    expect(page.url()).toMatch(/\/allocation$/);
  });

  it('sends the request, lands on what happens next and e-mails an acknowledgement', async () => {
    const { page, consoleErrors } = await newPage();
    await open(page, '/allocation');
    const person = prospect({ firstName: 'Ottilie' });
    await fillProspect(page, person);
    await page.getByLabel('Company (optional)').fill('Okonkwo Cellars');
    await page.getByRole('button', { name: 'Request an allocation' }).click();
    await page.waitForURL('**/allocation-request');
    // A page load (ADR 023): the name the form handed over is shown once the page's island is up.
    await waitForApp(page);
    await expect.poll(() => page.title()).toBe('Allocation Request | Aldermoor Estate');
    expect(await heading(page)).toBe('Thank you for your request');
    const main = await page.getByRole('main').innerText();
    expect(main).toContain('Thank you, Ottilie.');
    expect(main).toContain('We review requests before each offering.');
    expect(main).toContain('+1 707 555 0142');
    expect(main).toContain('info@aldermoor.example');
    const acknowledgement = await nextMail(person.email, 'join-allocation-received');
    expect(acknowledgement.subject).toMatch(/allocation list/);
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe("the Founder's List", () => {
  it('requires the ideal allocation, then thanks the prospect on the page', async () => {
    const { page, consoleErrors } = await newPage();
    await open(page, '/founders-list');
    await expect.poll(() => page.title()).toBe("Founder's List | Aldermoor Estate");
    expect(await heading(page)).toBe("Founder's List");
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    const person = prospect({ firstName: 'Leopold' });
    await fillProspect(page, person);
    await page.getByRole('button', { name: "Join the Founder's List" }).click();
    await expectFieldMessage(page.getByLabel('Ideal allocation'), 'Please tell us your ideal allocation');

    await page.getByLabel('Ideal allocation').fill('Six bottles of Melbury and three of Quella');
    await page.getByRole('button', { name: "Join the Founder's List" }).click();
    const thanks = page.getByRole('heading', { name: 'Thank you, Leopold' });
    await thanks.waitFor();
    // The form has gone: the focus is on what replaced it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Thank you, Leopold');
    expect(await page.getByTestId('founders-list-form').count()).toBe(0);
    const received = await nextMail(person.email, 'founders-list-received');
    expect(received.text).toContain('Six bottles of Melbury and three of Quella');
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe('passwords', () => {
  it('creates an invited member’s password from the e-mailed link and signs them in, once', async () => {
    const member = await createMember();
    const { page, consoleErrors } = await newPage();
    await open(page, member.createPath);
    await expect.poll(() => page.title()).toBe('Create Password | Aldermoor Estate');
    expect(await heading(page)).toBe('Create Password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('Cellar-Door-2028!');
    await page.getByRole('button', { name: 'Create password' }).click();
    await expectFieldMessage(page.getByLabel('Confirm new password'), 'Passwords do not match');

    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create password' }).click();
    // A new member has no offering yet: their starting point is the account.
    // The toast first: it closes by itself after 3 s, however long the account takes to load.
    await expectToast(page, 'Your password has been created.');
    await page.waitForURL('**/profile');
    expect(await storedToken(page)).toBeTruthy();
    expect((await apiSignIn(member.email, NEW_PASSWORD)).customerId).toBe(member.customerId);
    expect(consoleErrors).toEqual([]);

    const again = await newPage();
    await open(again.page, member.createPath);
    await again.page.getByLabel('New password', { exact: true }).fill('Another-Cellar-2029!');
    await again.page.getByLabel('Confirm new password').fill('Another-Cellar-2029!');
    await again.page.getByRole('button', { name: 'Create password' }).click();
    expect(await again.page.getByTestId('link-message').innerText()).toBe(USED_LINK);
    expect(await again.page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('resets a forgotten password: forgot → e-mailed link → new password → signed in; the link then is used', async () => {
    const member = await createMember('Original-Cellar-2026!');
    const seen = await mailIds(member.email);
    const { page, consoleErrors } = await newPage();
    await open(page, '/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    await expect.poll(() => page.title()).toBe('Forgot Password | Aldermoor Estate');
    await waitForApp(page);
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expectToast(page, 'If an account exists for that address, we have sent a link to reset the password.');
    await page.waitForURL('**/forgot-password-success');
    await expect.poll(() => page.title()).toBe('Reset Link Sent | Aldermoor Estate');
    await waitForApp(page);
    const main = await page.getByRole('main').innerText();
    expect(main).toContain(`If an account exists for ${member.email}`);
    expect(main).toContain('30 minutes');

    const resetPath = linkPath(await nextMail(member.email, 'reset-password', seen), '/reset-password/');
    await open(page, resetPath);
    await expect.poll(() => page.title()).toBe('Reset Password | Aldermoor Estate');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectFieldMessage(page.getByLabel('New password', { exact: true }), 'Password must be at least 8 characters');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Your password has been reset. You are signed in.');
    await page.waitForURL('**/profile');
    expect(await storedToken(page)).toBeTruthy();
    expect((await apiSignIn(member.email, NEW_PASSWORD)).customerId).toBe(member.customerId);
    expect(consoleErrors).toEqual([]);

    const again = await newPage();
    await open(again.page, resetPath);
    await again.page.getByLabel('New password', { exact: true }).fill('Another-Cellar-2029!');
    await again.page.getByLabel('Confirm new password').fill('Another-Cellar-2029!');
    await again.page.getByRole('button', { name: 'Reset password' }).click();
    expect(await again.page.getByTestId('link-message').innerText()).toBe(USED_LINK);
    await again.page.getByRole('link', { name: 'Ask for a new link' }).click();
    await again.page.waitForURL('**/forgot-password');
  });

  it('answers the same for an address without an account', async () => {
    const { page } = await newPage();
    await open(page, '/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expectToast(page, 'If an account exists for that address, we have sent a link to reset the password.');
    await page.waitForURL('**/forgot-password-success');
  });
});

describe('sign-in links', () => {
  it('e-mails a member like member@example.com a link from the login page that signs them in once', async () => {
    const seen = await mailIds(members.member.email);
    const { page, consoleErrors } = await newPage();
    await open(page, '/login');
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    // The member chose the link: the e-mail field has the focus.
    // (The focus moves once the form has rendered: on a busy machine a moment after the click.)
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login-link-email');
    await page.getByLabel('Email').fill(members.member.email);
    await page.getByRole('button', { name: 'Email me a sign-in link', exact: true }).click();
    await page.waitForURL(/\/magic-link\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.title()).toBe('Check Your E-mail | Aldermoor Estate');
    expect(await heading(page)).toBe('Check your e-mail');
    const text = await page.getByRole('main').innerText();
    expect(text).toContain(members.member.email);
    expect(text).toContain('15 minutes');
    // Just sent: another may be asked for in a minute.
    const resend = page.getByRole('button', { name: 'Send the link again' });
    expect(await resend.isDisabled()).toBe(true);
    expect(await page.getByTestId('resend-wait').innerText()).toMatch(/^You can ask for another link in \d+ seconds?\.$/);

    const signInPath = linkPath(await nextMail(members.member.email, 'sign-in-link', seen), '/login-by-link/');
    const member = await newPage();
    await member.page.goto(signInPath);
    // The member has no allocation: their starting point is the account.
    await expectToast(member.page, 'You are signed in.');
    await member.page.waitForURL('**/profile');
    expect(await storedToken(member.page)).toBeTruthy();
    await member.page.getByTestId('profile-name').waitFor();
    expect(member.consoleErrors).toEqual([]);

    const again = await newPage();
    await again.page.goto(signInPath);
    await again.page.getByTestId('link-failed').waitFor();
    expect(await again.page.getByTestId('link-message').innerText()).toBe(USED_LINK);
    expect(await again.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await storedToken(again.page)).toBeNull();
    await again.page.getByRole('button', { name: 'Email me a new sign-in link' }).click();
    expect(await again.page.evaluate(() => document.activeElement?.id)).toBe('new-link-email');
    expect(consoleErrors).toEqual([]);
  });

  it('shows the limit on sign-in link requests in words', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${baseURL()}/v1/customer/login-link`, {
        method: 'POST',
        headers: { tenant: TENANT, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(202);
    }
    const { page } = await newPage();
    await open(page, '/login');
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('login-link-problem').innerText().catch(() => ''))
      .toMatch(/^Too many requests for this e-mail address\. Please wait .+ and try again\.$/);
    expect(page.url()).toMatch(/\/login$/);
  });

  it('opens the account from an account link, once', async () => {
    const { customerId } = await apiSignIn(members.member.email);
    const seen = await mailIds(members.member.email);
    expect((await staffApi('POST', `/v1/staff/members/${customerId}/account-link`)).status).toBe(202);
    const accountPath = linkPath(await nextMail(members.member.email, 'account-link', seen), '/account-link/');
    const { page } = await newPage();
    await page.goto(accountPath);
    await page.waitForURL('**/profile');
    await page.getByTestId('profile-name').waitFor();

    const again = await newPage();
    await again.page.goto(accountPath);
    expect(await again.page.getByTestId('link-message').innerText()).toBe(USED_LINK);
  });

  it('opens the member’s offering from their allocation link', async () => {
    const { token, customerId } = await apiSignIn(members.offering.email);
    const [current] = (await api<AllocationSummary[]>(token, 'GET', `/v1/demo/customer/${customerId}/allocation`)).body;
    const offerings = (await staffApi<{ items: StaffOfferingSummary[] }>('GET', '/v1/staff/offerings?limit=200')).body.items;
    const offering = offerings.find((candidate) => candidate.name === current!.name);
    expect(offering, 'the offering of the member').toBeDefined();
    const seen = await mailIds(members.offering.email);
    const sent = await staffApi('POST', `/v1/staff/offerings/${offering!.id}/invitations`, { customerIds: [customerId] });
    expect(sent.status).toBe(202);
    const allocationPath = linkPath(await nextMail(members.offering.email, 'allocation-link', seen), '/allocation-link/');

    const { page } = await newPage();
    await page.goto(allocationPath);
    // An open offering with a letter starts at the letter (seed §4), as a password sign-in does.
    await page.waitForURL('**/offering/letter');
    expect(await storedToken(page)).toBeTruthy();

    const again = await newPage();
    await again.page.goto(allocationPath);
    expect(await again.page.getByTestId('link-message').innerText()).toBe(USED_LINK);
  });
});

describe('accessibility of the joining, password and link pages at 1280 and 390 px (axe-core)', () => {
  // Each page and state is checked at both widths in turn, the window resized (support/axe.ts).
  const viewport = WIDTHS[0];
  const fakeToken = () => `never-issued-${Date.now().toString(36)}-token-abcdef`;
  const checker = (page: Page) => async (label: string) => expect(await axeViolationsAt(page, WIDTHS), label).toEqual([]);

  it('the joining forms, showing their messages', async () => {
    const { page } = await newPage({ viewport });
    const check = checker(page);
    await open(page, '/allocation');
    await page.getByRole('button', { name: 'Request an allocation' }).click();
    await page.getByText('Please enter your first name').waitFor();
    await check('/allocation with messages');

    await open(page, '/founders-list');
    await page.getByRole('button', { name: "Join the Founder's List" }).click();
    await page.getByText('Please tell us your ideal allocation').waitFor();
    await check('/founders-list with messages');
  });

  it('the pages that say what happens next, and the password forms', async () => {
    const { page } = await newPage({ viewport });
    const check = checker(page);
    for (const path of ['/allocation-request', '/forgot-password', '/forgot-password-success', `/create-password/${fakeToken()}`]) {
      await open(page, path);
      await networkQuiet(page);
      await check(path);
    }
  });

  it('the answers to links that do not work', async () => {
    const { page } = await newPage({ viewport });
    const check = checker(page);
    await open(page, `/reset-password/${fakeToken()}`);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('password-link-refused').waitFor();
    await check('/reset-password refused');

    await page.goto(`/login-by-link/${fakeToken()}`);
    await page.getByTestId('link-failed').waitFor();
    await check('/login-by-link refused');
  });

  it('asking for a sign-in link, and the check-your-e-mail page', async () => {
    const response = await fetch(`${baseURL()}/v1/customer/login-link`, {
      method: 'POST',
      headers: { tenant: TENANT, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('axe') }),
    });
    const { requestId } = (await response.json()) as { requestId: string };
    const { page } = await newPage({ viewport });
    const check = checker(page);
    await open(page, '/login');
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await check('/login with the sign-in link form');

    await open(page, `/magic-link/${requestId}`);
    await page.getByRole('button', { name: 'Send the link again' }).waitFor();
    await check('/magic-link');
  });
});

describe('the check-your-e-mail page', () => {
  // Waits out what is left of the API's one-minute resend wait for the request made in beforeAll:
  // nothing when the file runs as a whole, up to a minute when this test runs alone.
  it('sends the link again once the wait is over', async () => {
    const wait = Date.parse(resendRequest.canResendAt) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 500));
    const { page, consoleErrors } = await newPage();
    await open(page, `/magic-link/${resendRequest.requestId}`);
    const resend = page.getByRole('button', { name: 'Send the link again' });
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await resend.click();
    await expectToast(page, 'We have sent you a new sign-in link.');
    // A new wait starts with the new link.
    await expect.poll(() => resend.isDisabled()).toBe(true);
    expect(await page.getByTestId('resend-wait').innerText()).toMatch(/^You can ask for another link in \d+ seconds?\.$/);
    expect(consoleErrors).toEqual([]);
  });
});
