import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { setupBrowser, waitForApp } from './support/browser';

const newPage = setupBrowser();

/** A demo bottle (apps/api/src/demo/seed-bottles.ts): Melbury 2022, bottle 1. */
const DEMO_BOTTLE = { typed: 'shwhrcng', id: 'SHWH-RCNG', verified: 'Successfully verified: Melbury 2022, bottle 1' };

const todayLong = () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());

async function openPage(page: Page) {
  await page.goto('/bottle-verification');
  await waitForApp(page);
  return page.getByLabel('Bottle ID');
}

/** The message under a field, read through its aria-describedby (what a screen reader says). */
async function fieldMessage(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}

const submit = (page: Page) => page.getByRole('button', { name: 'Verify bottle' }).click();

describe('/bottle-verification', () => {
  it('is a prerendered page with its title, description and a field made for label IDs', async () => {
    const { page } = await newPage();
    const response = await page.goto('/bottle-verification');
    expect(response?.status()).toBe(200);
    // Prerendered: the form is in the HTML before any script runs.
    expect(await response?.text()).toContain('id="bottle-id"');
    expect(await page.title()).toBe('Bottle Verification | Aldermoor Estate');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/Bottle ID printed on its label/);
    const field = await openPage(page);
    expect(await field.getAttribute('placeholder')).toBe('A123-B89Z');
    expect(await field.getAttribute('autocapitalize')).toBe('characters');
    expect(await field.getAttribute('spellcheck')).toBe('false');
    // Reached from the footer.
    expect(await page.locator('footer').getByRole('link', { name: 'Bottle Verification' }).getAttribute('href')).toBe('/bottle-verification');
  });

  it('verifies a demo bottle and says when it was first verified and how often', async () => {
    const { page } = await newPage();
    const field = await openPage(page);
    await field.fill(DEMO_BOTTLE.typed);
    await submit(page);
    const status = page.getByRole('status').filter({ hasText: 'Successfully verified' });
    await status.waitFor();
    expect(await page.getByTestId('bottle-verified').locator('.bottle-result__title').innerText()).toBe(DEMO_BOTTLE.verified);
    expect(await page.getByTestId('bottle-first-verified').innerText()).toBe(`First verified on ${todayLong()}`);
    expect(await page.getByTestId('bottle-count').innerText()).toMatch(/^Verified \d+ times?$/);
    expect(await page.getByTestId('bottle-verified').innerText()).toContain(DEMO_BOTTLE.id);

    // Checked again: the count goes up, the first date stays.
    const before = Number((await page.getByTestId('bottle-count').innerText()).replace(/\D/g, ''));
    await submit(page);
    await expect.poll(() => page.getByTestId('bottle-count').innerText()).toBe(`Verified ${before + 1} times`);
    expect(await page.getByTestId('bottle-first-verified').innerText()).toBe(`First verified on ${todayLong()}`);
  });

  it('shows the messages for an unknown, a malformed and an empty ID', async () => {
    const { page } = await newPage();
    const field = await openPage(page);

    await field.fill('ZZZZ-ZZZZ');
    await submit(page);
    const problem = page.getByRole('alert').filter({ hasText: 'This Bottle ID is not valid.' });
    await problem.waitFor();
    expect(await page.getByTestId('bottle-problem').locator('.alert__title').innerText()).toBe('This Bottle ID is not valid.');

    await field.fill('A123-B8');
    await submit(page);
    await expect.poll(() => fieldMessage(field)).toBe('Bottle ID must be 8 characters in the format A123-B89Z');
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill('   ');
    await submit(page);
    await expect.poll(() => fieldMessage(field)).toBe('Please enter the bottle ID');
  });

  it('says so when the check itself fails, and passes on the limit in words', async () => {
    const { page } = await newPage();
    const field = await openPage(page);
    await page.route('**/v1/bottle-verification', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, type: 'other', message: 'Sorry, something went wrong' }) }),
    );
    await field.fill('A123-B89Z');
    await submit(page);
    await page.getByRole('alert').filter({ hasText: 'There was an error verifying the Bottle ID.' }).waitFor();

    await page.unroute('**/v1/bottle-verification');
    await page.route('**/v1/bottle-verification', (route) => route.abort('failed'));
    await submit(page);
    await page.getByRole('alert').filter({ hasText: 'There was an error verifying the Bottle ID.' }).waitFor();

    await page.unroute('**/v1/bottle-verification');
    const limited = 'Too many bottle checks from your network. Please wait a minute and try again.';
    await page.route('**/v1/bottle-verification', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '42' }, body: JSON.stringify({ statusCode: 429, type: 'rateLimited', message: limited }) }),
    );
    await submit(page);
    await page.getByRole('alert').filter({ hasText: limited }).waitFor();
  });

  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ])('has no accessibility violations (axe-core) at $width px, empty, verified and with a message', async (viewport) => {
    const { page } = await newPage({ viewport });
    const field = await openPage(page);
    expect(await axeViolations(page), 'empty form').toEqual([]);
    await field.fill(DEMO_BOTTLE.id);
    await submit(page);
    await page.getByTestId('bottle-verified').waitFor();
    expect(await axeViolations(page), 'verified').toEqual([]);
    await field.fill('ZZZZ-ZZZZ');
    await submit(page);
    await page.getByTestId('bottle-problem').waitFor();
    expect(await axeViolations(page), 'not valid').toEqual([]);
    await field.fill('A1');
    await submit(page);
    await expect.poll(() => fieldMessage(field)).not.toBe('');
    expect(await axeViolations(page), 'field message').toEqual([]);
  });
});
