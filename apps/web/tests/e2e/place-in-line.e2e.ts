import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { setupBrowser, waitForApp } from './support/browser';
import { askToJoin } from './support/joining';
import { nextMail } from './support/outbox';

// The prospect's place in line (issue 17, item 4; ADR 031): the acknowledgement of a request to
// join links to /allocation-request#t=<token>, where the page shows their place and an estimate.
const newPage = setupBrowser();

let serial = 0;
const uniqueEmail = () => `place-${Date.now().toString(36)}-${(serial += 1)}@example.org`;

/** Asks to join the allocation list as the form does, and returns the e-mailed place-in-line link (path and fragment). */
async function joinAndOpenMail(): Promise<{ email: string; link: string }> {
  const email = uniqueEmail();
  await askToJoin('allocation', {
    prefix: '',
    firstName: 'Ottilie',
    lastName: 'Marchetti',
    email,
    confirmEmail: email,
    phoneCountry: 'US',
    phone: '(707) 555-0177',
    dateOfBirth: '1981-06-02',
    company: '',
    address1: '12 Vine Street',
    address2: '',
    city: 'Napa',
    stateCode: 'CA',
    zipCode: '94558',
    countryCode: 'US',
  });
  const mail = await nextMail(email, 'join-allocation-received');
  expect(mail.text).toContain('See your place in line');
  const url = mail.links.map((link) => new URL(link)).find((candidate) => candidate.pathname === '/allocation-request' && candidate.hash.startsWith('#t='));
  if (!url) throw new Error(`The acknowledgement has no place-in-line link: ${mail.links.join(', ')}`);
  // The token rides in the fragment: nothing of it in the path or the query a server would log.
  expect(url.search).toBe('');
  return { email, link: `${url.pathname}${url.hash}` };
}

/** Screenshots to look at (SCREENSHOT_DIR=…). */
async function shoot(page: Page, label: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `place-in-line-${label}.png`), fullPage: true });
}

const placeText = (page: Page) => page.getByTestId('place-in-line').innerText();

describe('/allocation-request opened from the e-mailed link', () => {
  it('shows the prospect their place among those waiting, one behind the one who asked before them, and an honest estimate', async () => {
    const first = await joinAndOpenMail();
    const second = await joinAndOpenMail();
    const { page, consoleErrors } = await newPage({ viewport: { width: 1280, height: 900 } });

    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(first.link);
    await waitForApp(page);
    await expect.poll(() => placeText(page), { timeout: 10_000 }).toMatch(/You are number \d+ of \d+ waiting for the allocation list\./);
    const [, firstPosition, waiting] = /You are number (\d+) of (\d+)/.exec(await placeText(page))!;
    expect(Number(firstPosition)).toBeLessThanOrEqual(Number(waiting));
    expect(await placeText(page)).toMatch(/You asked to join on \w+ \d+, \d{4}\./);
    // The estimate, or the honest "no pace to go by".
    expect(await placeText(page)).toMatch(/The winery admitted about [\d.]+ (?:person|people) per offering lately; at that pace your invitation is likely|We cannot say when yet/);
    // The token never went into an address the browser asked a server for.
    const token = first.link.split('#t=')[1]!;
    expect(requests.filter((url) => url.includes(token))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await shoot(page, '1280');

    const { page: phone } = await newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(second.link);
    await waitForApp(phone);
    await expect.poll(() => placeText(phone), { timeout: 10_000 }).toContain(`You are number ${Number(firstPosition) + 1} of`);
    expect(await axeViolations(phone)).toEqual([]);
    await shoot(phone, '390');
  });

  it('says an altered link has expired or is not valid, and reveals nothing else', async () => {
    const { link } = await joinAndOpenMail();
    const [path, token] = link.split('#t=');
    const altered = `${token!.slice(0, 5)}${token![5] === 'A' ? 'B' : 'A'}${token!.slice(6)}`;
    const { page } = await newPage();
    await page.goto(`${path}#t=${altered}`);
    await waitForApp(page);
    await expect.poll(() => placeText(page), { timeout: 10_000 }).toContain('This link has expired or is not valid.');
    expect(await placeText(page)).not.toMatch(/number|waiting for/);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('without a link the page is as it was', async () => {
    const { page } = await newPage();
    await page.goto('/allocation-request');
    await waitForApp(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Thank you for your request');
    expect(await page.getByTestId('place-in-line').count()).toBe(0);
  });
});
