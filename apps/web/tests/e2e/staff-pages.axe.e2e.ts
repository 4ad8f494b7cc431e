import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { baseURL, setupBrowser } from './support/browser';
import { newStaff, TENANT } from './support/fixtures';
import { consoleSettled, consoleStorage, staffApi } from './support/staff';

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
  it('the sign-in has no violation at 1280 and 768 px', async () => {
    for (const viewport of VIEWPORTS) {
      const { page } = await newPage({ viewport });
      await page.goto('/staff/login');
      await page.getByRole('heading', { name: 'Staff Sign-in' }).waitFor();
      expect(await axeViolations(page), `/staff/login at ${viewport.width}px`).toEqual([]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('.field__error').first().waitFor();
      expect(await axeViolations(page), `/staff/login refused at ${viewport.width}px`).toEqual([]);
    }
  });

  it.each(VIEWPORTS)('every console page has no violation at $width px', async (viewport) => {
    const { page, consoleErrors } = await newPage({
      viewport,
      initScript: consoleStorage(token),
    });
    for (const path of consolePages()) {
      await openConsolePage(page, path);
      expect(await axeViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
    }
    // An open confirm dialog, and a form showing the API's errors next to its fields.
    await openConsolePage(page, '/staff/prospects');
    const approve = page.getByRole('button', { name: /^Approve/ }).first();
    if (await approve.count()) {
      await approve.click();
      await page.getByRole('dialog').waitFor();
      expect(await axeViolations(page), `confirm at ${viewport.width}px`).toEqual([]);
      await page.keyboard.press('Escape');
    }
    await openConsolePage(page, '/staff/wines/new');
    await page.getByRole('button', { name: 'Create wine' }).click();
    await page.locator('.field__error').first().waitFor();
    expect(await axeViolations(page), `wine errors at ${viewport.width}px`).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // Eleven pages and four states, each fully checked by axe: longer than one journey step.
  }, 120_000);

  it('every console page fits a phone (390 px): a wide table scrolls in its own frame, the page never sideways', async () => {
    const phone = { width: 390, height: 844 };
    // An entry of the audit trail of this file's own, so its page has at least one, with its time.
    const created = await staffApi('POST', '/v1/staff/wines', { name: 'Phone Width Cuvée', vintage: 2021, sizeMl: 750, priceCents: 4_200 });
    expect(created.status).toBe(201);
    const { page, consoleErrors } = await newPage({ viewport: phone, initScript: consoleStorage(token) });
    const wide: string[] = [];
    for (const path of [...consolePages(), '/staff/orders', '/staff/members', '/staff/members/import', '/staff/tiers', '/staff/audit']) {
      await openConsolePage(page, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > phone.width) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 120_000);
});
