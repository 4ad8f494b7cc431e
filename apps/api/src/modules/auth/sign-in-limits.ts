import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { retryAfterHeader, type AttemptCounter, type Backoff, type Limit } from '../../shared/attempt-counter.js';
import type { Audience } from './audiences.js';
import { MINUTE_MS } from '@winery/domain';

/**
 * Password sign-in limits (members and staff), after NIST SP 800-63B §5.2.2 and OWASP ASVS V2.2
 * (ADR 012). Nothing here can shut an account: a stranger can only slow down their own network.
 */
export interface LoginLimits {
  /** Sign-in attempts from one IP address per window, whatever the account; a success gives its unit back. */
  perIp: Limit;
  /** One account from one IP address: a few tries at once, then growing waits. */
  perPair: Backoff;
  /**
   * Failed sign-ins for one account from any address: never refuses, only e-mails the owner once
   * per window when `max` is reached.
   */
  alert: Limit;
  /** Wrong current passwords per signed-in member (changing the password). */
  currentPassword: Limit;
}

const FIFTEEN_MINUTES = 15 * MINUTE_MS;

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perIp: { max: 20, windowMs: FIFTEEN_MINUTES },
  perPair: { free: 5, firstDelayMs: MINUTE_MS, maxDelayMs: FIFTEEN_MINUTES },
  alert: { max: 10, windowMs: FIFTEEN_MINUTES },
  currentPassword: { max: 5, windowMs: FIFTEEN_MINUTES },
};

export type LoginLimitOverrides = { [K in keyof LoginLimits]?: Partial<LoginLimits[K]> };

/** The defaults with whatever buildApp's options change (tests set small numbers). */
export function resolveLoginLimits(overrides: LoginLimitOverrides = {}): LoginLimits {
  const d = DEFAULT_LOGIN_LIMITS;
  return {
    perIp: { ...d.perIp, ...overrides.perIp },
    perPair: { ...d.perPair, ...overrides.perPair },
    alert: { ...d.alert, ...overrides.alert },
    currentPassword: { ...d.currentPassword, ...overrides.currentPassword },
  };
}

export interface SignInKeys {
  /** Shared by the member and staff forms: guesses spread over both share one budget. */
  ip: string;
  pair: string;
  /** The account, from any address: counts failures for the alert only. */
  account: string;
}

/** The pair and the account are each audience's own, since a member may use a staff e-mail address. */
const AUDIENCE_KEYS: Record<Audience, { pair: string; account: string }> = {
  member: { pair: 'signin:pair', account: 'signin:account' },
  staff: { pair: 'signin:staff-pair', account: 'signin:staff' },
};

/** The counters one password sign-in spends: the address's, the address and account's, the account's. */
export function signInKeys(audience: Audience, tenantId: string, email: string, ip: string): SignInKeys {
  const own = AUDIENCE_KEYS[audience];
  return {
    ip: `signin:ip:${ip}`,
    pair: `${own.pair}:${tenantId}:${email}:${ip}`,
    account: `${own.account}:${tenantId}:${email}`,
  };
}

/**
 * The three counters of a password sign-in. `admit` counts before the password is checked; a
 * right password gives the IP's unit back and clears the pair; a wrong one tells the caller when
 * to alert the owner.
 */
export function createSignInGuard(counter: AttemptCounter, limits: LoginLimits) {
  const refuse = (until: Date, at: Date) =>
    new ApiError('rateLimited', API_MESSAGES.signInRateLimited, undefined, retryAfterHeader(until, at));

  return {
    limits,

    async admit(keys: SignInKeys, at: Date): Promise<void> {
      const ip = await counter.count([{ key: keys.ip, ...limits.perIp }], at);
      if (!ip.allowed) throw refuse(ip.resetAt, at);
      const pair = await counter.admit(keys.pair, limits.perPair, at);
      if (!pair.allowed) {
        // Refused before any password was checked: it costs the address nothing.
        await counter.giveBack([keys.ip], at);
        throw refuse(pair.resetAt, at);
      }
      await counter.maybeSweep(at);
    },

    async succeeded(keys: SignInKeys, at: Date): Promise<void> {
      await counter.giveBack([keys.ip], at);
      await counter.clear([keys.pair]);
    },

    /** Counts a failure for the account; true for exactly one failure per window: the one to alert about. */
    async failed(keys: SignInKeys, at: Date): Promise<boolean> {
      const failures = await counter.tally({ key: keys.account, windowMs: limits.alert.windowMs }, at);
      return failures === limits.alert.max;
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
