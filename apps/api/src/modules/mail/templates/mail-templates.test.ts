import { describe, expect, it } from 'vitest';
import { escapeHtml, formatLongDate, type MailBrand } from './layout.js';
import { absoluteUrl, MAIL_KINDS, renderMail, type MailTemplate } from './mail-templates.js';

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
  { kind: 'sign-in-link', firstName: HOSTILE_NAME, url: '/login-by-link/tok123', expiresInMinutes: 15 },
  { kind: 'reset-password', firstName: HOSTILE_NAME, url: '/reset-password/tok123', expiresInMinutes: 30 },
  { kind: 'create-password', firstName: HOSTILE_NAME, url: '/create-password/tok123', expiresInHours: 72 },
  { kind: 'account-link', firstName: HOSTILE_NAME, url: '/account-link/tok123', expiresInHours: 1 },
  {
    kind: 'allocation-link',
    firstName: HOSTILE_NAME,
    url: '/allocation-link/tok123',
    offeringName: 'Spring <Release> 2027',
    closesOn: '2027-03-03',
  },
  { kind: 'join-allocation-received', firstName: HOSTILE_NAME },
  { kind: 'founders-list-received', firstName: HOSTILE_NAME, idealAllocation: '6 bottles <of each>' },
  { kind: 'password-changed', firstName: HOSTILE_NAME },
  { kind: 'sign-in-attempts', firstName: HOSTILE_NAME, audience: 'member' },
];
const LINK_PATHS: Partial<Record<MailTemplate['kind'], string>> = {
  'sign-in-link': '/login-by-link/tok123',
  'reset-password': '/reset-password/tok123',
  'create-password': '/create-password/tok123',
  'account-link': '/account-link/tok123',
  'allocation-link': '/allocation-link/tok123',
  'password-changed': '/forgot-password',
  'sign-in-attempts': '/login',
};

describe('mail templates', () => {
  it('cover every kind', () => {
    expect(EXAMPLES.map((t) => t.kind).sort()).toEqual([...MAIL_KINDS].sort());
  });

  it.each(EXAMPLES.map((template) => [template.kind, template] as const))(
    '%s: subject, plain text and HTML, signed with the brand and its contacts',
    (_kind, template) => {
      const mail = renderMail(template, { brand, publicUrl });
      expect(mail.subject.length).toBeGreaterThan(5);

      expect(mail.text).toContain(`Dear ${HOSTILE_NAME},`);
      for (const contact of ['Aldermoor Estate', '+1 707 555 0142', 'info@aldermoor.example', 'PO Box 412', 'Oakville, CA 94562']) {
        expect(mail.text).toContain(contact);
        expect(mail.html).toContain(escapeHtml(contact));
      }
      expect(mail.html).toContain('href="tel:+17075550142"');
      expect(mail.html).toContain('href="mailto:info@aldermoor.example"');

      expect(mail.html).toMatch(/^<!DOCTYPE html>/);
      expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
      expect(mail.html).toContain('font-family:\'Cormorant Garamond\', Georgia');
      // Escaped, never raw: the name, the offering, the ideal allocation.
      expect(mail.html).toContain('Dear &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Bob&quot;,');
      expect(mail.html).not.toContain('<b>Ada</b>');
      expect(mail.html).not.toContain('<Release>');
      expect(mail.html).not.toContain('<of each>');
      // No script, and every style inline (mail apps drop <style> and <link>).
      expect(mail.html).not.toMatch(/<script|<style|<link/i);

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

  it('says how long a link lasts and when an offering closes, in words', () => {
    const signIn = renderMail(EXAMPLES[0]!, { brand, publicUrl });
    expect(signIn.text).toContain('expires in 15 minutes');
    const account = renderMail(EXAMPLES[3]!, { brand, publicUrl });
    expect(account.text).toContain('expires in 1 hour.');
    const allocation = renderMail(EXAMPLES[4]!, { brand, publicUrl });
    expect(allocation.subject).toBe('Your Spring <Release> 2027 allocation is open');
    expect(allocation.text).toContain('The offering closes on March 3, 2027.');
    expect(allocation.html).toContain('Spring &lt;Release&gt; 2027');
    const founders = renderMail(EXAMPLES[6]!, { brand, publicUrl });
    expect(founders.text).toContain('an ideal allocation of 6 bottles <of each>.');
  });

  it('signs with the tenant name alone when it has no brand contacts', () => {
    const mail = renderMail(EXAMPLES[5]!, { brand: { name: 'Acme Vineyards', phone: null, email: null, postalAddress: [] }, publicUrl });
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
    expect(() =>
      renderMail({ kind: 'sign-in-link', firstName: 'A', url: 'javascript:alert(1)', expiresInMinutes: 5 }, { brand, publicUrl }),
    ).toThrow();
  });

  it('escapes a query string in the HTML part', () => {
    const mail = renderMail({ kind: 'account-link', firstName: 'A', url: '/account-link/t?a=1&b="2"', expiresInHours: 2 }, { brand, publicUrl });
    expect(mail.html).toContain('href="https://members.example.com/account-link/t?a=1&amp;b=%222%22"');
  });
});

describe('formatLongDate', () => {
  it('reads dates in UTC', () => {
    expect(formatLongDate('2027-03-03')).toBe('March 3, 2027');
    expect(formatLongDate('2027-03-03T23:30:00Z')).toBe('March 3, 2027');
    expect(formatLongDate('soon')).toBe('soon');
  });
});
