import type { Address, AllocationSummary, Card, MemberOrderSummary, Offering } from '@winery/domain';
import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api';
import { axeViolations } from './support/axe';
import { setupBrowser, signIn, waitForApp, settled } from './support/browser';
import { newMember, type Member } from './support/fixtures';
import { staffApi } from './support/staff';

/*
 * After the order (issue 15, items 7–10): the thank-you page names the country in full and offers
 * to add bottles; an addition shows in the history pointing at the first order; a history row opens
 * the order's page with its wines, delivery, card, totals, status and tracking; printing that page
 * prints the receipt alone. The checkout itself is walked in offering.e2e.ts and
 * checkout-experience.e2e.ts, so the addition here is placed through the API as the checkout does.
 */

const newPage = setupBrowser();

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

const TRACKING = '1Z999AA10123456784';

/** Staff ship the member's first order with UPS, through the console's API. */
async function shipFirstOrder(member: Member) {
  const { token, customerId } = await apiSignIn(member.email);
  const base = `/v1/demo/customer/${customerId}`;
  const [first] = (await api<MemberOrderSummary[]>(token, 'GET', `${base}/order`)).body;
  expect(first?.number).toBe(member.orderNumbers[0]);
  expect((await staffApi('POST', `/v1/staff/orders/${first!.id}/status`, { status: 'processing' })).status).toBe(200);
  const shipped = await staffApi('POST', `/v1/staff/orders/${first!.id}/status`, { status: 'shipped', carrier: 'UPS', trackingNumber: TRACKING });
  expect(shipped.status).toBe(200);
  return { token, base, first: first! };
}

/** One more bottle of a wine the member still has room for, ordered as the checkout orders it. */
async function addBottle(token: string, base: string) {
  const [current] = (await api<AllocationSummary[]>(token, 'GET', `${base}/allocation`)).body;
  const offering = (await api<Offering>(token, 'GET', `${base}/allocation/${current!.id}/offering`)).body;
  const wine = offering.wines.find((candidate) => candidate.available && candidate.maximum - candidate.ordered > 0 && !offering.combinations.some((rule) => rule.wineId === candidate.id));
  expect(wine, 'the demo allocation leaves room for one more bottle').toBeDefined();
  const cart = await api<{ id: string }>(token, 'PUT', `${base}/cart`, { allocationId: current!.id, lines: [{ wineId: wine!.id, quantity: 1 }] });
  expect(cart.status).toBe(200);
  const [address] = (await api<Address[]>(token, 'GET', `${base}/address`)).body;
  const [card] = (await api<Card[]>(token, 'GET', `${base}/card`)).body;
  const placed = await api<{ id: string; number: string }>(token, 'POST', `${base}/order`, {
    cartId: cart.body.id,
    delivery: { method: 'shipping', countryCode: address!.countryCode, shippingAddressId: address!.id },
    billingAddressId: address!.id,
    payment: { cardId: card!.id },
    idempotencyKey: crypto.randomUUID(),
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

describe('after the order', () => {
  it.each(WIDTHS)('thank-you, an addition in the history, the order page with tracking, and its printed receipt ($width px)', async (viewport) => {
    const member = await newMember('ordered');
    const { token, base, first } = await shipFirstOrder(member);
    const { page, consoleErrors } = await newPage({ viewport });

    // Thank-you: the country in full, the order's own page a link away, and bottles still to add.
    await signIn(page, member.email);
    await page.waitForURL('**/offering/thank-you');
    await waitForApp(page);
    const delivery = page.getByTestId('order-delivery').first();
    await delivery.waitFor();
    expect(await delivery.innerText()).toContain('United States');
    expect(await delivery.innerText()).not.toMatch(/^US$/m);
    expect(await page.getByTestId('order-page-link').first().getAttribute('href')).toBe(`/profile/orders/${first.id}`);
    await page.getByTestId('add-bottles').click();
    await page.waitForURL('**/offering/allocation');

    // Another bottle, as its own order: the thank-you page now lists both, the new one pointing at the first.
    const addition = await addBottle(token, base);
    await page.goto('/offering/thank-you');
    await expect.poll(() => page.getByTestId('order-summary').count()).toBe(2);
    expect(await page.getByTestId('order-adds-to').innerText()).toBe(`Adds to order ${first.number}`);
    // The shipped order's card was charged; the new one's is only held until it ships (ADR 025).
    expect((await page.getByTestId('order-payment-state').allInnerTexts()).sort()).toEqual([
      expect.stringMatching(/^Authorized for \$[\d,]+\.\d\d — charged when your order ships$/),
      expect.stringMatching(/^Charged \$[\d,]+\.\d\d$/),
    ]);
    await settled(page);
    expect(await axeViolations(page), `thank-you at ${viewport.width}px`).toEqual([]);

    // The history: the addition, newest, says what it adds to; its row opens its page.
    await page.goto('/profile/orders');
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().getByTestId('order-row-adds-to').innerText()).toBe(`Adds to order ${first.number}`);
    await rows.first().click();
    await page.waitForURL(`**/profile/orders/${addition.id}`);
    const addsTo = page.getByTestId('order-adds-to');
    await addsTo.waitFor();
    await addsTo.getByRole('link', { name: `Order ${first.number}` }).click();

    // The first order's page: wines, delivery, card, totals, and where it is with the tracking link.
    await page.waitForURL(`**/profile/orders/${first.id}`);
    await page.getByTestId('receipt').waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(`Order ${first.number}`);
    expect(await page.getByTestId('order-line').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('order-delivery').innerText()).toContain('United States');
    expect(await page.getByTestId('order-payment').innerText()).toMatch(/ending in \d{4}/);
    expect(await page.getByTestId('order-payment-state').innerText()).toBe(`Charged ${await page.getByTestId('totals-total').locator('dd').innerText()}`);
    for (const row of ['subtotal', 'shipping', 'tax', 'total']) expect(await page.getByTestId(`totals-${row}`).innerText()).toMatch(/\$[\d,]+\.\d\d/);
    expect(await page.getByTestId('order-status').innerText()).toContain('Shipped');
    const tracking = page.getByRole('link', { name: `Track parcel ${TRACKING} on the UPS website (opens in a new tab)` });
    expect(await tracking.getAttribute('href')).toContain(TRACKING);
    expect(await page.getByTestId('order-additions').innerText()).toContain(addition.number);
    await settled(page);
    expect(await axeViolations(page), `order page at ${viewport.width}px`).toEqual([]);

    // Printed, the page is the receipt alone: the winery's name and address on top, black on white.
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['site-header', 'site-footer', 'account-nav', 'print-receipt', 'order-page-status']) {
      expect(await page.getByTestId(hidden).isVisible(), `${hidden} is not printed`).toBe(false);
    }
    const letterhead = (await page.getByTestId('receipt-letterhead').innerText()).replace(/\n+/g, '\n');
    expect(letterhead).toBe('Aldermoor Estate\nPO Box 412\nOakville, CA 94562\nUnited States\n+1 707 555 0142 · info@aldermoor.example');
    for (const part of ['order-lines', 'order-totals', 'order-delivery', 'order-payment']) expect(await page.getByTestId(part).isVisible(), `${part} is printed`).toBe(true);
    const ink = await page.evaluate(() => ({
      paper: getComputedStyle(document.body).backgroundColor,
      title: getComputedStyle(document.querySelector('.receipt__title')!).color,
      top: document.querySelector('[data-testid="receipt"]')!.getBoundingClientRect().top + window.scrollY,
    }));
    expect(ink).toEqual({ paper: 'rgb(255, 255, 255)', title: 'rgb(0, 0, 0)', top: 0 });
    expect((await page.screenshot({ fullPage: true })).length).toBeGreaterThan(0);
    if (viewport.width === 1280) {
      const pdf = await page.pdf({ format: 'Letter' });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByTestId('print-receipt').isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('an order that is not the member’s reads as not found, kindly', async () => {
    const member = await newMember('ordered');
    const other = await newMember('ordered');
    const { token, customerId } = await apiSignIn(other.email);
    const [theirs] = (await api<MemberOrderSummary[]>(token, 'GET', `/v1/demo/customer/${customerId}/order`)).body;
    const { page } = await newPage({ viewport: WIDTHS[1] });
    await signIn(page, member.email);
    await page.waitForURL('**/offering/thank-you');
    await page.goto(`/profile/orders/${theirs!.id}`);
    await page.getByTestId('order-not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('We could not find this order');
    expect(await page.getByRole('link', { name: 'Your past orders' }).getAttribute('href')).toBe('/profile/orders');
  });
});
