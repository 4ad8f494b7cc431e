import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { baseURL, setupBrowser, signIn, waitForApp } from './support/browser';
import { newMember, TENANT } from './support/fixtures';
import { consoleStorage, newStaffToken } from './support/staff';

/*
 * The console's "Rules of the list" (issue 17, item 5): a manager writes them in Markdown beside
 * the API's own rendering and saves, and a member reads them on their standing page; a viewer
 * reads them as members will, with nothing to change. The one spec that writes the producer's
 * rules (standing.e2e.ts reads the rest of the standing page).
 */

const newPage = setupBrowser();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const RULES = [
  '## How the list works',
  '',
  'Founders are offered first, then each tier in turn.',
  '',
  '- Members who skip two offerings in a row move to the waiting list.',
  '- A place on the waiting list is offered in the order it was taken.',
].join('\n');

/** A page whose browser already holds a staff session of the given role. */
async function staffPage(role: 'manager' | 'viewer') {
  return newPage({ viewport: DESKTOP, initScript: consoleStorage(await newStaffToken(role)) });
}

/** Screenshots to look at (SCREENSHOT_DIR=…), at both widths. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const [label, size] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(dir, `staff-list-rules-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

describe('the rules of the list in the staff console', () => {
  it('a manager writes them with a preview, is told of a refusal by the field, saves, and finds them after a reload', async () => {
    const { page, consoleErrors } = await staffPage('manager');
    await page.goto('/staff/tiers');
    const nav = page.getByRole('navigation', { name: 'Staff console' });
    await nav.getByRole('link', { name: 'Rules of the list' }).click();
    await page.waitForURL('**/staff/list-rules');
    await expect.poll(() => page.title()).toBe('Rules of the list | Staff');
    expect(await nav.getByRole('link', { name: 'Rules of the list' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByText('Members read these rules on their standing page').isVisible()).toBe(true);

    const source = page.getByRole('textbox', { name: 'Rules of the list' });
    const save = page.getByRole('button', { name: 'Save rules' });
    const preview = page.getByRole('region', { name: 'The rules as members will read them' });

    // Longer than the API keeps: its refusal is said by the field, and what was typed stays.
    await source.fill('Members who skip two offerings in a row move to the waiting list. '.repeat(310));
    await save.click();
    const error = page.locator('#list-rules-md-error');
    await expect.poll(() => error.innerText()).toBe('This text is too long');
    expect(await source.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'refused');

    // Once the text changes, the refusal no longer speaks of it.
    await source.fill(RULES);
    expect(await error.count()).toBe(0);
    await preview.getByRole('heading', { level: 2, name: 'How the list works' }).waitFor();
    expect(await preview.getByRole('listitem').allInnerTexts()).toEqual([
      'Members who skip two offerings in a row move to the waiting list.',
      'A place on the waiting list is offered in the order it was taken.',
    ]);
    expect(await page.getByTestId('list-rules-unsaved').innerText()).toBe('Not saved yet');
    await shoot(page, 'editing');

    await save.click();
    await page.getByText('The rules of the list were saved: members read them now.').waitFor();
    expect(await page.getByTestId('list-rules-unsaved').count()).toBe(0);
    expect(await save.isDisabled()).toBe(true);

    await page.reload();
    await expect.poll(() => source.inputValue()).toBe(RULES);
    await preview.getByRole('heading', { level: 2, name: 'How the list works' }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(consoleErrors).toEqual([]);

    // A member reads them on their standing page, under its own heading (the rules' h2 becomes an h3).
    const member = await newMember('offering');
    const reader = await newPage({ viewport: DESKTOP });
    await signIn(reader.page, member.email, undefined, '/profile/standing');
    await reader.page.waitForURL('**/profile/standing');
    await waitForApp(reader.page);
    const rules = reader.page.getByRole('region', { name: 'Rules of the list' });
    await rules.getByRole('heading', { level: 3, name: 'How the list works' }).waitFor();
    expect(await rules.getByRole('listitem').allInnerTexts()).toEqual([
      'Members who skip two offerings in a row move to the waiting list.',
      'A place on the waiting list is offered in the order it was taken.',
    ]);
    expect(await rules.getByText('The winery has not published').count()).toBe(0);
    expect(reader.consoleErrors).toEqual([]);
  });

  it('a viewer reads them as members will, with no control that writes', async () => {
    // Rules of its own, so this test does not depend on the journey above.
    const put = await fetch(`${baseURL()}/v1/staff/list-rules`, {
      method: 'PUT',
      headers: { tenant: TENANT, Authorization: await newStaffToken('manager'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ markdown: RULES }),
    });
    expect(put.status).toBe(200);

    const { page, consoleErrors } = await staffPage('viewer');
    await page.goto('/staff/list-rules');
    await expect.poll(() => page.getByTestId('read-only-note').innerText()).toBe('Read-only: your role is viewer');
    const rules = page.getByTestId('list-rules-html');
    await rules.getByRole('heading', { level: 2, name: 'How the list works' }).waitFor();
    expect(await rules.getByRole('listitem').count()).toBe(2);
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'viewer');
    expect(consoleErrors).toEqual([]);
  });
});
