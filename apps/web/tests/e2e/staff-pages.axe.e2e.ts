import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolationsAt } from './support/axe';
import { baseURL, setupBrowser } from './support/browser';
import { newStaff, TENANT } from './support/fixtures';
import { consoleSettled, consoleStorage, sidewaysOnPhones } from './support/staff';

const newPage = setupBrowser();
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
];

let token = '';
let offeringId = '';
let wineId = '';

async function staffGet<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL()}/v1/staff${path}`, { headers: { tenant: TENANT, Authorization: token } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

type Listed = { items: { id: string }[] } | { id: string }[];
const firstId = (answer: Listed) => (Array.isArray(answer) ? answer : answer.items)[0]?.id ?? '';

beforeAll(async () => {
  const staff = await newStaff('manager');
  const response = await fetch(`${baseURL()}/v1/staff/login`, {
    method: 'POST',
    headers: { tenant: TENANT, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  token = ((await response.json()) as { token: string }).token;
  // The demo seed's open offering and a catalogue wine, for the edit pages.
  offeringId = firstId(await staffGet<Listed>('/offerings?phase=open'));
  wineId = firstId(await staffGet<Listed>('/wines'));
});

/** Opens a console page as a signed-in manager and waits until its heading and data are there. */
async function openConsolePage(page: Page, path: string) {
  await page.goto(path);
  await consoleSettled(page);
}

const consolePages = () => [
  '/staff',
  '/staff/offerings',
  '/staff/offerings?phase=draft',
  '/staff/offerings/new',
  `/staff/offerings/${offeringId}`,
  '/staff/wines',
  '/staff/wines/new',
  `/staff/wines/${wineId}`,
  '/staff/allocations',
  `/staff/offerings/${offeringId}/allocations`,
  `/staff/offerings/${offeringId}/invitations`,
  `/staff/offerings/${offeringId}/wishes`,
  '/staff/prospects',
  '/staff/rates',
  '/staff/bottles',
  '/staff/list-rules',
];

describe('accessibility of the staff console (axe-core, every rule)', () => {
  // Each page and state is checked at both widths in turn, the window resized rather than each
  // page loaded again (support/axe.ts).
  it('the sign-in has no violation at 1280 and 768 px', async () => {
    const { page } = await newPage({ viewport: VIEWPORTS[0] });
    await page.goto('/staff/login');
    await page.getByRole('heading', { name: 'Staff Sign-in' }).waitFor();
    expect(await axeViolationsAt(page, VIEWPORTS), '/staff/login').toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.field__error').first().waitFor();
    expect(await axeViolationsAt(page, VIEWPORTS), '/staff/login refused').toEqual([]);
  });

  it('every console page has no violation at 1280 and 768 px, and fits a phone: a wide table scrolls in its own frame, the page never sideways', async () => {
    const { page, consoleErrors } = await newPage({ viewport: VIEWPORTS[0], initScript: consoleStorage(token) });
    const wide: string[] = [];
    for (const path of consolePages()) {
      await openConsolePage(page, path);
      expect(await axeViolationsAt(page, VIEWPORTS), path).toEqual([]);
      wide.push(...(await sidewaysOnPhones(page)).map((what) => `${path}: ${what}`));
    }
    // The members', orders', tiers' and audit pages are measured so by staff-operations.e2e.ts.
    expect(wide, 'pages wider than a phone').toEqual([]);
    expect(consoleErrors).toEqual([]);
    // Sixteen pages, each checked by axe twice: longer than one journey step.
  }, 120_000);

  it('an open confirm dialog and a form showing the API\'s errors have no violation at 1280 and 768 px', async () => {
    const { page, consoleErrors } = await newPage({ viewport: VIEWPORTS[0], initScript: consoleStorage(token) });
    await openConsolePage(page, '/staff/prospects');
    const approve = page.getByRole('button', { name: /^Approve/ }).first();
    if (await approve.count()) {
      await approve.click();
      await page.getByRole('dialog').waitFor();
      expect(await axeViolationsAt(page, VIEWPORTS), 'confirm').toEqual([]);
      await page.keyboard.press('Escape');
    }
    await openConsolePage(page, '/staff/wines/new');
    await page.getByRole('button', { name: 'Create wine' }).click();
    await page.locator('.field__error').first().waitFor();
    expect(await axeViolationsAt(page, VIEWPORTS), 'wine errors').toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
