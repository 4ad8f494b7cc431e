import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseURL, measureAt, NARROWEST_PHONE, networkQuiet } from './browser';
import { newStaff, TENANT, type Staff } from './fixtures';

/** Signs a staff user in through `POST /v1/staff/login`, as the console's sign-in page does: their token. */
export async function staffTokenOf(staff: Pick<Staff, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`${baseURL()}/v1/staff/login`, {
    method: 'POST',
    headers: { tenant: TENANT, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  if (!response.ok) throw new Error(`Staff sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A new staff user of this file's own with the role, signed in: their token. */
export const newStaffToken = async (role: 'admin' | 'manager' | 'viewer' = 'admin'): Promise<string> => staffTokenOf(await newStaff(role));

/** What the console keeps once a staff user has signed in, for newPage's initScript: the page opens signed in. */
export const consoleStorage = (token: string) =>
  `localStorage.setItem('staffToken', ${JSON.stringify(token)}); localStorage.setItem('staffTokenExpiry', String(Date.now() + 3600000));`;

/** A console page as its user reads it: its heading there, its requests quiet, nothing of it still loading. */
export async function consoleSettled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await networkQuiet(page);
  await expect.poll(() => page.locator('.staff-state--loading').count()).toBe(0);
}

/** Each test file's staff user's token, by the file's path: files share a worker's modules (isolate: false). */
const staffTokens = new Map<string, Promise<string>>();

/** Signs a staff user of this file's own in once per test file, as the staff console would. */
export function staffSignIn(): Promise<string> {
  const file = expect.getState().testPath ?? '';
  let token = staffTokens.get(file);
  if (!token) staffTokens.set(file, (token = newStaffToken()));
  return token;
}

/** One call to the staff API; the answer's status and body. */
export async function staffApi<T = unknown>(method: string, path: string, body?: unknown) {
  const token = await staffSignIn();
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { tenant: TENANT, Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * Whether the element lies, left to right, inside what its table's frame shows, and nothing (a
 * column held at an edge) lies over it. It must be in the window top to bottom: scroll the page
 * down to it first (window.scrollBy), never with scrollIntoView, which scrolls the table sideways too.
 */
export const uncovered = (locator: Locator) =>
  locator.evaluate((element) => {
    const shown = element.closest('[role="region"]')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    if (box.left < shown.left || box.right > shown.right) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });

/** The phones a console page must fit: the narrowest (320 px) and a common one. */
const CONSOLE_PHONES = [NARROWEST_PHONE, { width: 390, height: 844 }];

/**
 * What scrolls sideways on this console page with the window as narrow as each phone, resized once
 * for each: the page itself ("412 px at 320"), or a table's frame ("name: scroll width/frame width
 * at 320"). On a phone a list is cards that fit; only the allocations grid, named as scrolling both
 * ways, scrolls by design. The window is then given its own size back.
 */
export async function sidewaysOnPhones(page: Page): Promise<string[]> {
  const sideways: string[] = [];
  for (const phone of CONSOLE_PHONES) {
    const { width, frames } = await measureAt(page, phone, () => ({
      width: document.documentElement.scrollWidth,
      frames: [...document.querySelectorAll('main [role="region"]')]
        .filter((frame) => frame.scrollWidth > frame.clientWidth && !/scrolls both ways/.test(frame.getAttribute('aria-label') ?? ''))
        .map((frame) => `${frame.getAttribute('aria-label')}: ${frame.scrollWidth}/${frame.clientWidth}`),
    }));
    if (width > phone.width) sideways.push(`${width} px at ${phone.width}`);
    sideways.push(...frames.map((frame) => `${frame} at ${phone.width}`));
  }
  return sideways;
}
