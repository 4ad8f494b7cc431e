import { isIPv4, isIPv6 } from 'node:net';

/**
 * Where a bottle check came from, coarse on purpose: the network (IPv4 /24, IPv6 /48) and, when a
 * trusted proxy says so, the country. Enough to tell "checked from one shop" from "checked from
 * twenty places", never enough to find a person; the full address is not stored anywhere.
 */
export interface CheckOrigin {
  network: string | null;
  country: string | null;
}

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, or null. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.split('%')[0]!.toLowerCase();
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  if (groups.length !== 8) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

/** "203.0.113.0/24" or "2001:db8:1234::/48"; null for anything that is not an IP address. */
export function networkPrefix(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = MAPPED_V4.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  if (isIPv4(address)) {
    const [a, b, c] = address.split('.');
    return `${a}.${b}.${c}.0/24`;
  }
  const groups = ipv6Groups(address);
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

/**
 * The key a client's checks are counted under: the IPv4 address, or the IPv6 /64 a single
 * household or phone is given (changing the last 64 bits must not buy a fresh budget).
 */
export function rateLimitSubject(ip: string): string {
  const mapped = MAPPED_V4.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** A two-letter country from the proxy's header (Cloudflare's cf-ipcountry), only if trusted. */
export function proxyCountry(header: string | string[] | undefined, trusted: boolean): string | null {
  if (!trusted) return null;
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  // XX (unknown) and T1 (Tor) are not countries.
  if (!value || !/^[A-Z]{2}$/.test(value) || value === 'XX') return null;
  return value;
}
