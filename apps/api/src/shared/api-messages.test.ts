import api from '@winery/locales/en-US/api.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from './api-messages.js';

const KEYS = new Set(Object.keys(api).map((key) => key.replace(/_(zero|one|other|admin|manager)$/, '')));

/** Each message with sample values, rendered as a client would read it. */
function rendered(): [string, string][] {
  return Object.entries(API_MESSAGES).map(([name, message]) => {
    if (typeof message === 'string') return [name, message];
    const sample = (message as (...values: unknown[]) => string).length === 2 ? ['X', 2] : ['manager'];
    return [name, (message as (...values: unknown[]) => string)(...sample)];
  });
}

describe('API_MESSAGES', () => {
  it('renders every message from the api namespace, never a bare key or a placeholder', () => {
    for (const [name, text] of rendered()) {
      expect(KEYS.has(name), `${name} is in api.json`).toBe(true);
      expect(text, name).not.toBe(name);
      expect(text, name).not.toMatch(/\{\{|\}\}|^api:/);
      expect(text.length, name).toBeGreaterThan(5);
    }
  });

  it('keeps the seed sentences word for word', () => {
    expect(API_MESSAGES.invalidCredentials).toBe('Your email address or password is invalid');
    expect(API_MESSAGES.linkInvalid).toBe('This link has expired or was already used.');
    expect(API_MESSAGES.allocationLinkExpired).toBe('This allocation link has expired...');
    expect(API_MESSAGES.bottleNotValid).toBe('This Bottle ID is not valid.');
    expect(API_MESSAGES.cardDeclined).toBe('The credit card was declined.');
  });

  it('fills values, with plurals, a zero form and a context', () => {
    expect(API_MESSAGES.cannotShip('Utah')).toBe('Sorry, we cannot ship to Utah.');
    expect(API_MESSAGES.belowMinimum('Melbury 2022', 1)).toBe('Please choose at least 1 bottle of Melbury 2022, or none.');
    expect(API_MESSAGES.belowMinimum('Melbury 2022', 3)).toBe('Please choose at least 3 bottles of Melbury 2022, or none.');
    expect(API_MESSAGES.aboveMaximum('Melbury 2022', 0)).toBe('Your allocation has no more Melbury 2022 for you.');
    expect(API_MESSAGES.aboveMaximum('Melbury 2022', 1)).toBe('You can order at most 1 bottle of Melbury 2022.');
    expect(API_MESSAGES.aboveMaximum('Melbury 2022', 6)).toBe('You can order at most 6 bottles of Melbury 2022.');
    expect(API_MESSAGES.staffRoleTooLow('admin')).toBe('Only an administrator can do this.');
    expect(API_MESSAGES.staffRoleTooLow('manager')).toBe('Your staff role can view but not change anything. Please ask an administrator.');
    expect(API_MESSAGES.orderTooLarge(100_000_000)).toBe('An order can total at most $1,000,000.00. Please choose fewer bottles or contact us.');
    expect(API_MESSAGES.bottleImportTooMany(10_000)).toBe('A file can hold up to 10,000 bottles. Please split it into smaller files.');
    expect(API_MESSAGES.bottleImportDuplicateNumber(12, 4)).toBe('Bottle number 12 of this wine is also on line 4');
  });

  it('prints a value as it is: no HTML escaping, and no placeholder or nesting inside it', () => {
    expect(API_MESSAGES.bottleImportUnknownWine('Côte & "Sons" <2019>')).toBe('There is no wine Côte & "Sons" <2019> in the catalogue');
    expect(API_MESSAGES.bottleImportCsv('{{reason}} $t(api:other)')).toBe('The file is not valid CSV: {{reason}} $t(api:other)');
  });
});
