import { HOUR_MS, MINUTE_MS, type AllocationSummary, type Offering, type OfferingWine, type SelectionLine } from '@winery/domain';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiSignIn } from './support/api';
import { axeViolations } from './support/axe';
import { networkQuiet, setupBrowser, signIn, waitForApp, settled } from './support/browser';
import { newMember, type Member } from './support/fixtures';
import { quantityField as field, wineCard as card, wineName } from './support/wines';

/*
 * Choosing wines (issue 15, items 1, 2, 3, 7, 9 and 14): the choice kept in the member's cart on
 * any page and device, limits kept as typed, a combination said beside its wine, the summary bar on
 * a phone, sold out and "Request more", adding bottles after an order, and the closing countdown.
 */

const newPage = setupBrowser();

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;


/** The member's offering and API access, read as the pages read them. */
async function memberApi(member: Member) {
  const { token, customerId } = await apiSignIn(member.email);
  const base = `/v1/demo/customer/${customerId}`;
  const [current] = (await api<AllocationSummary[]>(token, 'GET', `${base}/allocation`)).body;
  const offering = async () => (await api<Offering>(token, 'GET', `${base}/allocation/${current!.id}/offering`)).body;
  return { token, base, allocationId: current!.id, offering: await offering(), reread: offering };
}

/** The demo release's wines this spec leans on, found by what they are rather than by name alone. */
function demoWines(offering: Offering) {
  const find = (test: (wine: OfferingWine) => boolean, what: string) => {
    const wine = offering.wines.find(test);
    expect(wine, what).toBeDefined();
    return wine!;
  };
  const rule = offering.combinations[0];
  expect(rule, 'the demo offering has a combination rule').toBeDefined();
  const plain = (wine: OfferingWine) => wine.available && wine.minimum === 0 && wine.id !== rule!.wineId && wine.id !== rule!.requiresWineId;
  const free = find((wine) => plain(wine) && wine.maximum >= 3, 'an open wine without a minimum');
  return {
    free,
    capped: find((wine) => plain(wine) && wine.id !== free.id && wine.maximum >= 2 && wine.maximum < free.maximum, 'another, with a smaller maximum'),
    bound: find((wine) => wine.id === rule!.wineId, 'the wine a combination binds'),
    required: find((wine) => wine.id === rule!.requiresWineId, 'the wine it needs'),
    soldOut: find((wine) => !wine.available, 'a sold-out wine'),
    quantity: rule!.quantity,
  };
}

async function signInTo(page: Page, member: Member, landing: string) {
  await signIn(page, member.email);
  await page.waitForURL(`**${landing}`);
  await waitForApp(page);
}

const bottles = (page: Page) => page.getByTestId('bottle-count').innerText();

describe('choosing wines', () => {
  it('keeps the choice on every page and device, holds each field to its limit and says why beside the wine; on a phone the total stays in view', async () => {
    const member = await newMember('offering');
    const { offering, token, base, allocationId } = await memberApi(member);
    const wines = demoWines(offering);

    // A desktop: 3 bottles, straight on to the vintage notes by the header's link, and back.
    const desk = await newPage({ viewport: WIDTHS[0] });
    // Every read and save of the cart, each device's, with when it went and came back, for the
    // message of a failure below (they showed the desktop reading before the phone had saved).
    const cartCalls: string[] = [];
    const isCart = (url: string) => new URL(url).pathname.endsWith('/cart');
    const started = Date.now();
    const at = () => `+${Date.now() - started}ms`;
    const recordCartCalls = (device: string, on: Page) => {
      on.on('request', (request) => {
        if (isCart(request.url())) cartCalls.push(`${at()} ${device} ${request.method()} sent`);
      });
      on.on('response', (response) => {
        if (!isCart(response.url())) return;
        const answered = at();
        const updatedAt = () => response.json().then((body: { updatedAt?: string }) => body.updatedAt ?? '-', () => '-');
        void updatedAt().then((changed) => cartCalls.push(`${answered} ${device} ${response.request().method()} ${response.status()} ${changed}`));
      });
      // A read the page cancelled (a newer one replaced it) has no answer.
      on.on('requestfailed', (request) => {
        if (isCart(request.url())) cartCalls.push(`${at()} ${device} ${request.method()} failed: ${request.failure()?.errorText ?? '?'}`);
      });
    };
    recordCartCalls('desk', desk.page);
    await signInTo(desk.page, member, '/offering/letter');
    await desk.page.goto('/offering/allocation');
    await field(desk.page, wines.free).fill('3');
    await expect.poll(() => bottles(desk.page)).toBe('3');
    const nav = desk.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Vintage Notes', exact: true }).click();
    await desk.page.getByRole('heading', { level: 1, name: 'Vintage Notes' }).waitFor();
    await nav.getByRole('link', { name: 'Allocation', exact: true }).click();
    await desk.page.waitForURL('**/offering/allocation');
    await expect.poll(() => field(desk.page, wines.free).inputValue()).toBe('3');

    // A phone: a browser of its own, signed in as the same member, sees the same choice.
    const phone = await newPage({ viewport: WIDTHS[1] });
    const page = phone.page;
    recordCartCalls('phone', page);
    await signInTo(page, member, '/offering/letter');
    const readsBefore = cartCalls.filter((call) => call.endsWith('phone GET sent')).length;
    await page.goto('/offering/allocation');
    await expect.poll(() => field(page, wines.free).inputValue()).toBe('3');
    // Opening the page reads the choice once (its form, drawn after that read, asked again before).
    await networkQuiet(page);
    expect(cartCalls.filter((call) => call.endsWith('phone GET sent')).length - readsBefore, cartCalls.join('\n')).toBe(1);

    // 99 where the most is the member's maximum: the field keeps the maximum and says so beside the wine.
    await field(page, wines.capped).fill('99');
    await expect.poll(() => field(page, wines.capped).inputValue()).toBe(String(wines.capped.maximum));
    await expect
      .poll(() => card(page, wines.capped).getByTestId('wine-limit-note').innerText())
      .toBe(`You can order at most ${wines.capped.maximum} bottles of ${wineName(wines.capped)}.`);
    expect(await bottles(page)).toBe(String(3 + wines.capped.maximum));

    // The combination: said beside the wine it binds, and in the seed's words for the whole order.
    await field(page, wines.bound).fill('1');
    await card(page, wines.bound)
      .getByText(`${wineName(wines.bound)} needs at least ${wines.quantity} bottles of ${wineName(wines.required)} with it.`)
      .waitFor();
    await page.getByTestId('selection-messages').getByText('Invalid allocation combination. Please contact us.', { exact: true }).waitFor();

    // Sold out says so, and no limit beside it; a wish may still be asked, with its range said.
    const soldOut = card(page, wines.soldOut);
    expect(await soldOut.getByTestId('sold-out').innerText()).toMatch(/sold out/i);
    expect(await soldOut.getByTestId('wine-maximum').count()).toBe(0);
    expect(await soldOut.innerText()).not.toMatch(/up to \d/i);
    expect(await field(page, wines.soldOut).isDisabled()).toBe(true);
    await soldOut.getByRole('button', { name: /Request more/ }).click();
    await soldOut.getByLabel('Extra bottles').fill('0');
    await soldOut.getByRole('button', { name: 'Send request' }).click();
    await soldOut.getByText('Please enter a number from 1 to 120.', { exact: true }).waitFor();
    await soldOut.getByRole('button', { name: 'Cancel' }).click();

    // The summary bar stays in view while the wines scroll by, and covers nothing at the end.
    await card(page, offering.wines[1]!).scrollIntoViewIfNeeded();
    const bar = page.getByTestId('selection-summary');
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(WIDTHS[1].height + 1);
    expect(box.y).toBeGreaterThan(WIDTHS[1].height / 2);
    expect(await bar.getByTestId('bottle-count').isVisible()).toBe(true);
    expect(await bar.getByTestId('allocation-subtotal').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue to checkout' }).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = (await page.getByTestId('wine-card').last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);

    await settled(page);
    expect(await axeViolations(page), 'allocation with messages at 390px').toEqual([]);
    // The phone saves a choice a moment after its last change (at once when it is hidden, as when
    // the member puts it down; this phone is not): the desktop can only show what reached the
    // server. Without this wait the desktop's read sometimes went out just before the phone's save.
    const savedChoice = async () => {
      const cart = (await api<{ lines?: SelectionLine[] } | null>(token, 'GET', `${base}/allocation/${allocationId}/cart`)).body;
      return Object.fromEntries((cart?.lines ?? []).map((line) => [line.wineId, line.quantity]));
    };
    await expect.poll(savedChoice).toEqual({ [wines.free.id]: 3, [wines.capped.id]: wines.capped.maximum, [wines.bound.id]: 1 });
    // Back on the desktop, the phone's choice shows once its tab is in focus again.
    cartCalls.push(`${at()} bringToFront`);
    await desk.page.bringToFront();
    cartCalls.push(`${at()} visibilitychange`);
    await desk.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect
      .poll(() => field(desk.page, wines.capped).inputValue(), { message: 'the phone’s choice on the desktop (cart calls in order below)' })
      .toBe(String(wines.capped.maximum))
      .catch((error: Error) => {
        throw new Error(`${error.message}\nCart calls: ${cartCalls.join('; ')}`, { cause: error });
      });
    expect(await field(desk.page, wines.bound).inputValue()).toBe('1');
    expect([...desk.consoleErrors, ...phone.consoleErrors]).toEqual([]);
  });
});

describe('adding bottles after an order', () => {
  it('a member like ordered@example.com opens the allocation again and adds up to what their maximum leaves (390 px)', async () => {
    const viewport = WIDTHS[1];
    const member = await newMember('ordered');
    const { offering, token, base } = await memberApi(member);
    const added = offering.wines.find((wine) => wine.available && wine.ordered > 0 && wine.maximum > wine.ordered);
    expect(added, 'a wine already ordered, with bottles left to add').toBeDefined();
    const wine = added!;
    const left = wine.maximum - wine.ordered;

    const { page, consoleErrors } = await newPage({ viewport });
    await signInTo(page, member, '/offering/thank-you');
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await page.goto('/offering/allocation');
    await page.getByTestId('adding-notice').waitFor();
    // Their order took the cart it was placed from: no choice yet is an ordinary answer, not a
    // failed request for the browser to log.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith('/cart')))).toBe(true);
    expect(refused).toEqual([]);
    expect(await card(page, wine).getByTestId('wine-ordered').innerText()).toMatch(new RegExp(`^You have ordered ${wine.ordered} · up to ${left} more$`, 'i'));
    await field(page, wine).fill('99');
    await expect.poll(() => field(page, wine).inputValue()).toBe(String(left));
    await expect
      .poll(() => card(page, wine).getByTestId('wine-limit-note').innerText())
      .toBe(`You can add at most ${left} more bottles of ${wineName(wine)}.`);
    // The order minimum counts what is already ordered: the addition alone need not reach it.
    expect(await page.getByTestId('selection-messages').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL('**/offering/checkout');
    const cartId = await page.evaluate(() => localStorage.getItem('cartId'));
    expect((await api<{ lines: unknown[] }>(token, 'GET', `${base}/cart/${cartId}`)).body.lines).toEqual([{ wineId: wine.id, quantity: left }]);

    // Ordered (as the checkout's Place order does): the wine is then fully taken.
    const addresses = (await api<{ id: string }[]>(token, 'GET', `${base}/address`)).body;
    const cards = (await api<{ id: string }[]>(token, 'GET', `${base}/card`)).body;
    const placed = await api(token, 'POST', `${base}/order`, {
      cartId,
      delivery: { method: 'pickup', locationId: offering.pickupLocations[0]!.id },
      billingAddressId: addresses[0]!.id,
      payment: { cardId: cards[0]!.id },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(placed.status).toBe(201);
    await page.goto('/offering/allocation');
    await expect.poll(() => card(page, wine).getByTestId('wine-ordered').innerText()).toMatch(new RegExp(`^You have ordered ${wine.maximum}, all of your allocation$`, 'i'));
    expect(await field(page, wine).isDisabled()).toBe(true);
    expect(await field(page, wine).inputValue()).toBe('0');
    expect(consoleErrors).toEqual([]);
  });
});

describe('the closing countdown', () => {
  it('shows in the last 48 hours on the letter (390 px) and the allocation (1280 px), on the minute, without announcing each tick', async () => {
    const member = await newMember('offering');
    const { offering } = await memberApi(member);
    const { page, consoleErrors } = await newPage({ viewport: WIDTHS[1] });
    // The page's own clock, moved on to a little before the close once the page has read the
    // offering. The page counts by the server's clock as it was then (which is this one's), plus
    // the time its own clock has run since.
    await page.clock.install();
    const before = async (remaining: number) => {
      await settled(page);
      await page.clock.fastForward(Date.parse(offering.closesAt) - Date.now() - remaining);
    };
    const countdown = page.getByTestId('closing-countdown');
    const shown = () => countdown.locator('time > span[aria-hidden="true"]').innerText();

    await signInTo(page, member, '/offering/letter');
    await page.getByTestId('letter').waitFor();
    expect(await countdown.count()).toBe(0);
    await before(5 * HOUR_MS + 12 * MINUTE_MS + 30_000);
    await expect.poll(shown).toMatch(/^Closes in 5 h 1[23] min$/);
    expect(await countdown.locator('.visually-hidden').innerText()).toMatch(/^The offering closes in 5 hours 1[23] minutes\.$/);
    expect(await countdown.evaluate((node) => node.closest('[aria-live], [role="status"], [role="alert"]'))).toBeNull();
    expect(await axeViolations(page), 'letter with the countdown at 390px').toEqual([]);

    await page.setViewportSize(WIDTHS[0]);
    await page.goto('/offering/allocation');
    await page.getByTestId('wine-card').first().waitFor();
    await before(38 * MINUTE_MS + 30_000);
    await expect.poll(shown).toMatch(/^Closes in 3[89] min$/);
    // A minute later it says one minute less.
    const minutes = Number((await shown()).match(/(\d+) min/)![1]);
    await page.clock.runFor(MINUTE_MS);
    await expect.poll(shown).toBe(`Closes in ${minutes - 1} min`);
    expect(await axeViolations(page), 'allocation with the countdown at 1280px').toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
