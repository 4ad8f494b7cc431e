import { describe, expect, it } from 'vitest';
import { networkPrefix, proxyCountry, rateLimitSubject } from './network-origin.js';

describe('coarse origin of a bottle check', () => {
  it('keeps an IPv4 /24 and an IPv6 /48, never the address', () => {
    expect(networkPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkPrefix('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkPrefix('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48');
    expect(networkPrefix('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkPrefix('::1')).toBe('0:0:0::/48');
    expect(networkPrefix('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(networkPrefix('not an ip')).toBeNull();
    expect(networkPrefix(undefined)).toBeNull();
  });

  it('counts IPv4 per address and IPv6 per /64', () => {
    expect(rateLimitSubject('203.0.113.77')).toBe('203.0.113.77');
    expect(rateLimitSubject('::ffff:203.0.113.77')).toBe('203.0.113.77');
    expect(rateLimitSubject('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitSubject('2001:db8:abcd:12::9')).toBe('2001:db8:abcd:12::/64');
  });

  it('takes the country from the proxy only when the proxy is trusted', () => {
    expect(proxyCountry('nz', true)).toBe('NZ');
    expect(proxyCountry('NZ', false)).toBeNull();
    expect(proxyCountry('XX', true)).toBeNull();
    expect(proxyCountry('<script>', true)).toBeNull();
    expect(proxyCountry(undefined, true)).toBeNull();
  });
});
