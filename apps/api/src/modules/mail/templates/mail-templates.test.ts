import { decodeHTML } from 'entities';
import { describe, expect, it } from 'vitest';
import { renderLayout, renderLayoutUncached } from './layout.js';
import { absoluteUrl, renderMail, renderSealedMail } from '../render-mail.js';
import { MAIL_KINDS, templateContent, type MailTemplate } from './mail-templates.js';
import type { MailBrand } from './mail-types.js';
import { secretLink } from './secret-link.js';

const brand: MailBrand = {
  name: 'Aldermoor Estate',
  phone: '+1 707 555 0142',
  email: 'info@aldermoor.example',
  postalAddress: ['PO Box 412', 'Oakville, CA 94562', 'US'],
};
const publicUrl = 'https://members.example.com';

/** One of each kind; the member's name carries markup to prove it is escaped everywhere. */
const HOSTILE_NAME = '<b>Ada</b> & "Bob"';
const EXAMPLES: MailTemplate[] = [
  { kind: 'sign-in-link', firstName: HOSTILE_NAME, url: secretLink('/login-by-link/', 'tok123'), expiresInMinutes: 15 },
  { kind: 'reset-password', firstName: HOSTILE_NAME, url: secretLink('/reset-password/', 'tok123'), expiresInMinutes: 30 },
  { kind: 'create-password', firstName: HOSTILE_NAME, url: secretLink('/create-password/', 'tok123'), expiresInHours: 72 },
  { kind: 'account-link', firstName: HOSTILE_NAME, url: secretLink('/account-link/', 'tok123'), expiresInHours: 1 },
  {
    kind: 'allocation-link',
    firstName: HOSTILE_NAME,
    url: secretLink('/allocation-link/', 'tok123'),
    offeringName: 'Spring <Release> 2027',
    closesOn: '2027-03-03',
  },
  { kind: 'join-allocation-received', firstName: HOSTILE_NAME },
  { kind: 'founders-list-received', firstName: HOSTILE_NAME, idealAllocation: '6 bottles <of each>' },
  { kind: 'password-changed', firstName: HOSTILE_NAME },
  { kind: 'sign-in-attempts', firstName: HOSTILE_NAME, audience: 'member' },
  {
    kind: 'order-confirmation',
    firstName: HOSTILE_NAME,
    orderNumber: 'AE-12345678',
    offeringName: 'Spring <Release> 2027',
    placedAt: '2027-03-01T10:00:00.000Z',
    lines: [{ name: 'Melbury <b>', vintage: 2022, sizeMl: 750, quantity: 2, unitPriceCents: 9_000 }],
    totals: { subtotalCents: 18_000, shippingCents: 4_500, taxCents: 1_305, totalCents: 23_805, shippingLabel: 'shipping', taxLabel: 'salesTax' },
    delivery: { method: 'shipping', address: ['12 Vineyard Road', 'Sonoma, CA 95476', 'US'] },
    card: { brand: 'visa', last4: '4242' },
  },
  { kind: 'order-shipped', firstName: HOSTILE_NAME, orderNumber: 'AE-12345678', carrier: 'Valley <Couriers>', trackingNumber: 'VC-1', trackingUrl: null },
  { kind: 'order-ready-for-pickup', firstName: HOSTILE_NAME, orderNumber: 'AE-12345678', location: { name: 'Cellar <Door>', address: '1 Estate Road', hours: 'Daily 10–4' } },
  { kind: 'order-cancelled', firstName: HOSTILE_NAME, orderNumber: 'AE-12345678', totalCents: 23_805, payment: 'voided', card: { brand: 'visa', last4: '4242' } },
  { kind: 'staff-invitation', name: HOSTILE_NAME, inviter: 'Cat <i>', role: 'manager', url: secretLink('/staff/create-password/', 'tok123'), expiresInHours: 72 },
  {
    kind: 'invitation-reminder',
    firstName: HOSTILE_NAME,
    url: secretLink('/allocation-link/', 'tok123'),
    offeringName: 'Spring <Release> 2027',
    closesOn: '2027-03-03',
  },
  {
    kind: 'wish-granted',
    firstName: HOSTILE_NAME,
    url: secretLink('/allocation-link/', 'tok123'),
    offeringName: 'Spring <Release> 2027',
    wineName: 'Melbury <b> 2022',
    granted: 2,
    asked: 4,
    closesOn: '2027-03-03',
  },
  { kind: 'wish-declined', firstName: HOSTILE_NAME, offeringName: 'Spring <Release> 2027', wineName: 'Melbury <b> 2022', asked: 1 },
];
const LINK_PATHS: Partial<Record<MailTemplate['kind'], string>> = {
  'sign-in-link': '/login-by-link/tok123',
  'reset-password': '/reset-password/tok123',
  'create-password': '/create-password/tok123',
  'account-link': '/account-link/tok123',
  'allocation-link': '/allocation-link/tok123',
  'password-changed': '/forgot-password',
  'sign-in-attempts': '/login',
  'order-confirmation': '/profile/orders',
  'order-shipped': '/profile/orders',
  'order-ready-for-pickup': '/profile/orders',
  'order-cancelled': '/profile/orders',
  'staff-invitation': '/staff/create-password/tok123',
  'invitation-reminder': '/allocation-link/tok123',
  'wish-granted': '/allocation-link/tok123',
};

describe('mail templates', () => {
  it('cover every kind', () => {
    expect(EXAMPLES.map((t) => t.kind).sort()).toEqual([...MAIL_KINDS].sort());
  });

  it.each(EXAMPLES.map((template) => [template.kind, template] as const))(
    '%s: subject, plain text and HTML, signed with the brand and its contacts',
    async (_kind, template) => {
      const mail = await renderMail(template, { brand, publicUrl });
      expect(mail.subject.length).toBeGreaterThan(5);

      expect(mail.text).toContain(`Dear ${HOSTILE_NAME},`);
      for (const contact of ['Aldermoor Estate', '+1 707 555 0142', 'info@aldermoor.example', 'PO Box 412', 'Oakville, CA 94562']) {
        expect(mail.text).toContain(contact);
        expect(mail.html).toContain(contact);
      }
      expect(mail.html).toContain('href="tel:+17075550142"');
      expect(mail.html).toContain('href="mailto:info@aldermoor.example"');

      expect(mail.html).toMatch(/^<!doctype html>/i);
      expect(decodeHTML(/<title>([^<]*)<\/title>/.exec(mail.html)?.[1] ?? '')).toBe(mail.subject);
      expect(mail.html).toContain('font-family:\'Cormorant Garamond\', Georgia');
      // Escaped, never raw: the name, the offering, the ideal allocation.
      expect(mail.html).toContain('Dear &lt;b&gt;Ada&lt;/b&gt; &amp; "Bob",');
      expect(mail.html).not.toContain('<b>Ada</b>');
      expect(mail.html).not.toContain('<Release>');
      expect(mail.html).not.toContain('<of each>');
      // No script and nothing fetched; the words are styled inline, since some mail apps drop the
      // head's <style> (it only holds MJML's resets and the narrow-screen rules).
      expect(mail.html).not.toMatch(/<script|<link/i);
      expect(mail.html).toContain(`style="font-family:Jost, 'Helvetica Neue', Helvetica, Arial, sans-serif;font-size:16px;line-height:1.6;text-align:left;color:#1c1915;"\n      >Dear &lt;b&gt;`);

      const path = LINK_PATHS[template.kind];
      if (path) {
        const url = `${publicUrl}${path}`;
        // As a button and as plain text, in both parts.
        expect(mail.html.match(new RegExp(`href="${url}"`, 'g'))).toHaveLength(2);
        expect(mail.html).toContain(`>${url}</a>`);
        expect(mail.text).toContain(`\n${url}\n`);
      } else {
        expect(mail.text).not.toContain('https://');
      }
    },
  );

  // The layout compiles each shape of message once and fills in the texts (layout.ts): the bytes
  // must be those of MJML compiling the whole message, for every kind, a brand without contacts,
  // and the same shape again with other texts (the cached skeleton, not the first message's words).
  it.each(EXAMPLES.map((template) => [template.kind, template] as const))('%s: the cached layout is the message compiled whole', async (_kind, template) => {
    const bare: MailBrand = { name: 'Quiet & <Co>', phone: null, email: null, postalAddress: [] };
    for (const signer of [brand, bare]) {
      const content = templateContent(template, { brand: signer, link: (value) => absoluteUrl(String(value), publicUrl) });
      expect(await renderLayout(content, signer)).toEqual(await renderLayoutUncached(content, signer));
      const other = {
        ...content,
        heading: `${content.heading} "again" & again`,
        paragraphs: content.paragraphs.map((paragraph, i) => `${i}: it's <i>${paragraph}</i>`),
        ...(content.action ? { action: { label: 'Go & see', url: 'https://members.example.com/x?a=1&b="2"' } } : {}),
      };
      const again = await renderLayout(other, signer);
      expect(again).toEqual(await renderLayoutUncached(other, signer));
      expect(again.html).toContain("0: it's &lt;i&gt;");
    }
  });

  it('says how long a link lasts and when an offering closes, in words', async () => {
    const signIn = await renderMail(EXAMPLES[0]!, { brand, publicUrl });
    expect(signIn.text).toContain('expires in 15 minutes');
    const account = await renderMail(EXAMPLES[3]!, { brand, publicUrl });
    expect(account.text).toContain('expires in 1 hour.');
    const allocation = await renderMail(EXAMPLES[4]!, { brand, publicUrl });
    expect(allocation.subject).toBe('Your Spring <Release> 2027 allocation is open');
    expect(allocation.text).toContain('The offering closes on March 3, 2027.');
    expect(allocation.html).toContain('Spring &lt;Release&gt; 2027');
    const founders = await renderMail(EXAMPLES[6]!, { brand, publicUrl });
    expect(founders.text).toContain('an ideal allocation of 6 bottles <of each>.');
  });

  it.each(['allocation-link', 'invitation-reminder', 'wish-granted'] as const)(
    '%s leads with the personal allocation link, which signs in without a password (issue 16)',
    async (kind) => {
      const mail = await renderMail(EXAMPLES.find((template) => template.kind === kind)!, { brand, publicUrl });
      const link = `${publicUrl}/allocation-link/tok123`;
      // The first link of each part, and its button, is the allocation link: no sign-in page, no password.
      expect(/href="([^"]+)"/.exec(mail.html)?.[1]).toBe(link);
      expect(/https?:\/\/\S+/.exec(mail.text)?.[0]).toBe(link);
      for (const part of [mail.html, mail.text]) {
        expect(part).not.toMatch(/\/login|\/forgot-password|password/i);
      }
    },
  );

  it('signs with the tenant name alone when it has no brand contacts', async () => {
    const mail = await renderMail(EXAMPLES[5]!, { brand: { name: 'Acme Vineyards', phone: null, email: null, postalAddress: [] }, publicUrl });
    expect(mail.text.endsWith('\n-- \nAcme Vineyards\n')).toBe(true);
    expect(mail.html).not.toContain('mailto:');
  });
});

describe('absoluteUrl', () => {
  it('puts paths on PUBLIC_URL, keeping its own path prefix', () => {
    expect(absoluteUrl('/login-by-link/abc', 'http://localhost:3000')).toBe('http://localhost:3000/login-by-link/abc');
    expect(absoluteUrl('/login-by-link/abc', 'https://example.com/members/')).toBe('https://example.com/members/login-by-link/abc');
    expect(absoluteUrl('https://other.example/x?y=1&z=2', publicUrl)).toBe('https://other.example/x?y=1&z=2');
  });

  it('refuses anything but http(s), so no template can carry a javascript: button', () => {
    expect(() => absoluteUrl('javascript:alert(1)', publicUrl)).toThrow(/http\(s\)/);
    expect(() => secretLink('javascript:alert(1)//', 'abc')).toThrow();
  });

  it('escapes a query string in the HTML part', async () => {
    const mail = await renderLayout(
      { subject: 'S', preheader: 'P', heading: 'H', paragraphs: [], action: { label: 'Go', url: absoluteUrl('/x?a=1&b="2"', publicUrl) } },
      brand,
    );
    expect(mail.html).toContain('href="https://members.example.com/x?a=1&amp;b=%222%22"');
  });
});

describe('secret links', () => {
  const TOKEN = 'q0Zk8bK3m4X1dYv7T2pN9cR5sW6hJ8uE1oL4iA7gF3M';

  it.each(EXAMPLES.filter((template) => 'url' in template).map((template) => [template.kind, template] as const))(
    '%s: the sealed bodies hold a placeholder where the token goes, and the token only in `secrets`',
    async (_kind, template) => {
      const sealed = await renderSealedMail({ ...template, url: secretLink((template as { url: { path: string } }).url.path, TOKEN) } as MailTemplate, { brand, publicUrl });
      expect(sealed.secrets).toEqual({ nonce: expect.stringMatching(/^[0-9a-f]{12}$/), tokens: [TOKEN] });
      const placeholder = `{{link:0:${sealed.secrets!.nonce}}}`;
      for (const body of [sealed.subject, sealed.text, sealed.html]) expect(body).not.toContain(TOKEN);
      expect(sealed.text.split(placeholder)).toHaveLength(2);
      // The button, the address under it and its words.
      expect(sealed.html.split(placeholder)).toHaveLength(4);

      // Filled, it is exactly what renderMail gives: the link as the member must get it.
      const full = await renderMail({ ...template, url: secretLink((template as { url: { path: string } }).url.path, TOKEN) } as MailTemplate, { brand, publicUrl });
      expect(full.text).toBe(sealed.text.replace(placeholder, TOKEN));
      expect(full.html).toBe(sealed.html.split(placeholder).join(TOKEN));
    },
  );

  it('has no secrets when the template has no secret link', async () => {
    expect((await renderSealedMail({ kind: 'password-changed', firstName: 'Ada' }, { brand, publicUrl })).secrets).toBeNull();
  });

  it('never prints its token, and refuses a token that would need escaping in a URL', () => {
    const link = secretLink('/reset-password/', TOKEN);
    expect(String(link)).toBe('/reset-password/[token]');
    expect(JSON.stringify({ link })).toBe('{"link":"/reset-password/[token]"}');
    expect(() => secretLink('/reset-password/', 'a?b=1')).toThrow(/base64url/);
    expect(() => secretLink('/reset-password/', '')).toThrow(/base64url/);
    expect(() => secretLink('reset-password', TOKEN)).toThrow();
  });
});
