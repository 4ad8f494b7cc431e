import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { LoginThrottleRepository, ThrottleRule } from '../auth/login-throttle.repository.js';

export interface Limit {
  max: number;
  windowMs: number;
}

/** The requests that send e-mail to an address someone types in, each with its own budget. */
export type MailedRequestKind = 'signInLink' | 'passwordReset' | 'join';

export interface RequestLimits {
  /** Sign-in link requests and resends. */
  signInLink: { perIp: Limit; perEmail: Limit };
  passwordReset: { perIp: Limit; perEmail: Limit };
  /** Join Allocation and Founder's List requests together. */
  join: { perIp: Limit; perEmail: Limit };
  /**
   * Link tokens that did not work (unknown, used, expired, wrong purpose), per IP: a guesser is
   * stopped, while members behind one office address opening their links on release day are not.
   */
  badLinks: { perIp: Limit };
  /** Between two e-mails of one sign-in request (the "resend" button of /magic-link/{id}). */
  resendCooldownMs: number;
}

export type RequestLimitOverrides = {
  [K in keyof RequestLimits]?: RequestLimits[K] extends number ? number : { [R in keyof RequestLimits[K]]?: Partial<Limit> };
};

const MINUTE_MS = 60_000;
const FIFTEEN_MINUTES = 15 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  signInLink: { perIp: { max: 20, windowMs: FIFTEEN_MINUTES }, perEmail: { max: 5, windowMs: FIFTEEN_MINUTES } },
  passwordReset: { perIp: { max: 20, windowMs: FIFTEEN_MINUTES }, perEmail: { max: 5, windowMs: FIFTEEN_MINUTES } },
  join: { perIp: { max: 20, windowMs: FIFTEEN_MINUTES }, perEmail: { max: 3, windowMs: HOUR_MS } },
  badLinks: { perIp: { max: 30, windowMs: FIFTEEN_MINUTES } },
  resendCooldownMs: MINUTE_MS,
};

/** The defaults with whatever buildApp's options change (tests set small numbers). */
export function resolveRequestLimits(overrides: RequestLimitOverrides = {}): RequestLimits {
  const d = DEFAULT_REQUEST_LIMITS;
  const pair = (kind: MailedRequestKind) => ({
    perIp: { ...d[kind].perIp, ...overrides[kind]?.perIp },
    perEmail: { ...d[kind].perEmail, ...overrides[kind]?.perEmail },
  });
  return {
    signInLink: pair('signInLink'),
    passwordReset: pair('passwordReset'),
    join: pair('join'),
    badLinks: { perIp: { ...d.badLinks.perIp, ...overrides.badLinks?.perIp } },
    resendCooldownMs: overrides.resendCooldownMs ?? d.resendCooldownMs,
  };
}

/** How long to wait, in the words a person reads: "a few minutes", not "847 seconds". */
export function waitInWords(ms: number): string {
  if (ms <= 90_000) return 'a minute';
  if (ms <= 20 * MINUTE_MS) return 'a few minutes';
  if (ms <= 65 * MINUTE_MS) return 'up to an hour';
  return 'a few hours';
}

export const retryAfterHeader = (until: Date, at: Date) => ({
  'retry-after': String(Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000))),
});

/**
 * Budgets for requests that e-mail someone or try a link, counted in the database like failed
 * sign-ins (rate_limit_buckets), so every API instance sees the same numbers. Every request is
 * counted, member or not, so the limit itself reveals nothing about who is a member.
 */
export function createRequestLimiter(throttle: LoginThrottleRepository, limits: RequestLimits) {
  const rulesFor = (kind: MailedRequestKind, tenantId: string, email: string, ip: string) => ({
    ip: { key: `${kind}:ip:${ip}`, ...limits[kind].perIp } satisfies ThrottleRule,
    email: { key: `${kind}:email:${tenantId}:${email.toLowerCase()}`, ...limits[kind].perEmail } satisfies ThrottleRule,
  });
  const badLinkRule = (ip: string): ThrottleRule => ({ key: `bad-link:ip:${ip}`, ...limits.badLinks.perIp });

  const rateLimited = (message: string, until: Date, at: Date) =>
    new ApiError('rateLimited', message, undefined, retryAfterHeader(until, at));

  return {
    limits,

    /**
     * Counts one request against the address's and the IP's budget, or refuses it (429 with
     * Retry-After) when either is spent. The e-mail's limit is named first: it is the one a
     * person who keeps pressing "send" meets.
     */
    async take(kind: MailedRequestKind, tenantId: string, email: string, ip: string, at: Date): Promise<void> {
      const rules = rulesFor(kind, tenantId, email, ip);
      const emailBlocked = await throttle.blockedUntil([rules.email], at);
      if (emailBlocked) {
        throw rateLimited(API_MESSAGES.emailRateLimited(waitInWords(emailBlocked.getTime() - at.getTime())), emailBlocked, at);
      }
      const ipBlocked = await throttle.blockedUntil([rules.ip], at);
      if (ipBlocked) {
        throw rateLimited(API_MESSAGES.networkRateLimited(waitInWords(ipBlocked.getTime() - at.getTime())), ipBlocked, at);
      }
      await throttle.recordFailure([rules.ip, rules.email], at);
      // Now and then, drop finished windows so the table holds only live counters (no job needed).
      if (Math.random() < 0.02) await throttle.sweep(at);
    },

    /** Refuses (429) an IP that has tried too many links that do not work. */
    async assertMayTryLinks(ip: string, at: Date): Promise<void> {
      const until = await throttle.blockedUntil([badLinkRule(ip)], at);
      if (until) throw rateLimited(API_MESSAGES.badLinksRateLimited(waitInWords(until.getTime() - at.getTime())), until, at);
    },

    async recordBadLink(ip: string, at: Date): Promise<void> {
      await throttle.recordFailure([badLinkRule(ip)], at);
    },
  };
}

export type RequestLimiter = ReturnType<typeof createRequestLimiter>;
