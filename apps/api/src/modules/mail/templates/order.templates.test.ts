import { describe, expect, it } from 'vitest';
import { renderMail } from '../render-mail.js';
import type { MailBrand } from './mail-types.js';

const brand: MailBrand = { name: 'Aldermoor Estate', phone: '+1 707 555 0142', email: 'info@aldermoor.example', postalAddress: ['PO Box 412'] };
const context = { brand, publicUrl: 'https://members.example.com' };
const card = { brand: 'visa', last4: '4242' };

describe('order mails', () => {
  it('the confirmation is a receipt: lines with plurals, totals, delivery, card brand and last four', async () => {
    const mail = await renderMail(
      {
        kind: 'order-confirmation',
        firstName: 'Ada',
        orderNumber: 'AE-12345678',
        offeringName: 'Spring <Release>',
        placedAt: '2026-11-25T10:00:00.000Z',
        lines: [
          { name: 'Melbury', vintage: 2022, sizeMl: 750, quantity: 1, unitPriceCents: 9_000 },
          { name: 'Quella', vintage: 2021, sizeMl: 1_500, quantity: 3, unitPriceCents: 18_500 },
        ],
        totals: { subtotalCents: 64_500, shippingCents: 4_500, taxCents: 4_676, totalCents: 73_676, shippingLabel: 'shipping', taxLabel: 'salesTax' },
        delivery: { method: 'shipping', address: ['12 Vineyard Road', 'Sonoma, CA 95476', 'US'] },
        card,
      },
      context,
    );
    expect(mail.subject).toBe('Your order AE-12345678 is confirmed');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('November 25, 2026');
      expect(part).toContain('1 bottle of Melbury 2022 (750 ml) at $90.00: $90.00');
      expect(part).toContain('3 bottles of Quella 2021 (1500 ml) at $185.00 each: $555.00');
      expect(part).toContain('Subtotal: $645.00');
      expect(part).toContain('Shipping: $45.00');
      expect(part).toContain('Sales tax: $46.76');
      expect(part).toContain('Total: $736.76');
      expect(part).toContain('Shipping to: 12 Vineyard Road, Sonoma, CA 95476, US');
      // Authorised now, charged when it ships (the Terms of Sale).
      expect(part).toContain('Your Visa ending in 4242 is authorized for $736.76: it is charged when your order ships.');
      expect(part).toContain('https://members.example.com/profile/orders');
    }
    expect(mail.html).toContain('Spring &lt;Release&gt;');
    expect(mail.html).not.toContain('<Release>');
  });

  it('the confirmation of a pick-up order says where, with duties when the tables say so', async () => {
    const mail = await renderMail(
      {
        kind: 'order-confirmation',
        firstName: 'Ada',
        orderNumber: 'AE-1',
        offeringName: null,
        placedAt: '2026-11-25T10:00:00.000Z',
        lines: [{ name: 'Melbury', vintage: 2022, sizeMl: 750, quantity: 2, unitPriceCents: 100 }],
        totals: { subtotalCents: 200, shippingCents: 0, taxCents: 40, totalCents: 240, shippingLabel: 'shippingAndDuties', taxLabel: 'taxAndDuties' },
        delivery: { method: 'pickup', address: ['Winery Cellar', '1 Estate Road, Healdsburg, CA 95448'] },
        card: { brand: 'unionpay', last4: '0005' },
      },
      context,
    );
    expect(mail.text).toContain('For pick-up at: Winery Cellar, 1 Estate Road, Healdsburg, CA 95448');
    expect(mail.text).toContain('Shipping and duties: $0.00');
    expect(mail.text).toContain('Tax and duties: $0.40');
    expect(mail.text).toContain('Your unionpay ending in 0005 is authorized for $2.40: it is charged when your order is ready for pick-up.');
    expect(mail.text).toContain('when your order is ready for pick-up');
  });

  it('the shipping notice links to the carrier, or shows the number alone', async () => {
    const ups = await renderMail(
      { kind: 'order-shipped', firstName: 'Ada', orderNumber: 'AE-1', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      context,
    );
    expect(ups.subject).toBe('Your order AE-1 has shipped');
    expect(ups.text).toContain('UPS tracking number: 1Z999AA10123456784');
    expect(ups.text).toContain('Track my parcel:\nhttps://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(ups.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    const local = await renderMail({ kind: 'order-shipped', firstName: 'Ada', orderNumber: 'AE-1', carrier: 'Valley Couriers', trackingNumber: 'VC-77', trackingUrl: null }, context);
    expect(local.text).toContain('Valley Couriers tracking number: VC-77');
    expect(local.text).not.toContain('Track my parcel');
    // Without a charge (a corrected tracking number), nothing is said of one.
    expect(ups.text).not.toContain('charged');
  });

  it('the shipping and pick-up notices say what was charged to which card as the order was prepared', async () => {
    const charged = { amountCents: 64_800, card };
    const shipped = await renderMail({ kind: 'order-shipped', firstName: 'Ada', orderNumber: 'AE-1', carrier: 'UPS', trackingNumber: '1Z1', trackingUrl: null, charged }, context);
    const ready = await renderMail(
      { kind: 'order-ready-for-pickup', firstName: 'Ada', orderNumber: 'AE-2', location: { name: 'City Tasting Room', address: '20 Hudson Street', hours: '' }, charged },
      context,
    );
    for (const mail of [shipped, ready]) {
      expect(mail.text).toContain('We have now charged $648.00 to your Visa ending in 4242 for it.');
      expect(mail.html).toContain('We have now charged $648.00 to your Visa ending in 4242 for it.');
    }
  });

  it('the pick-up notice names the place, its address and its hours', async () => {
    const mail = await renderMail(
      { kind: 'order-ready-for-pickup', firstName: 'Ada', orderNumber: 'AE-1', location: { name: 'City Tasting Room', address: '20 Hudson Street, New York', hours: 'Thu–Sat 12–7' } },
      context,
    );
    expect(mail.subject).toBe('Your order AE-1 is ready for pick-up');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ready for pick-up at City Tasting Room');
      expect(part).toContain('Address: 20 Hudson Street, New York');
      expect(part).toContain('Opening hours: Thu–Sat 12–7');
    }
  });

  it('the cancellation says the hold was released, or the money refunded', async () => {
    const voided = await renderMail({ kind: 'order-cancelled', firstName: 'Ada', orderNumber: 'AE-1', totalCents: 12_300, payment: 'voided', card }, context);
    expect(voided.subject).toBe('Your order AE-1 was cancelled');
    expect(voided.text).toContain('The hold of $123.00 on your Visa ending in 4242 has been released: you have not been charged.');
    const refunded = await renderMail({ kind: 'order-cancelled', firstName: 'Ada', orderNumber: 'AE-1', totalCents: 12_300, payment: 'refunded', card }, context);
    expect(refunded.text).toContain('$123.00 has been refunded to your Visa ending in 4242.');
  });
});
