import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { retryAfterHeader, waitInWords, type AttemptCounter, type CountedRule, type Limit } from '../../shared/attempt-counter.js';
import { MINUTE_MS, HOUR_MS } from '@winery/domain';

export { retryAfterHeader, waitInWords, type Limit } from '../../shared/attempt-counter.js';

/** The requests that send e-mail to an address someone types in, each with its own budget. */
export type MailedRequestKind = 'signInLink' | 'passwordReset' | 'join';

/**
 * A request that e-mails a member a way in (ADR 012). The pair and the IP are refused with 429:
 * only the sender's own network is slowed. The address's cap only stops mail-bombing: once it is
 * spent, the answer stays the usual one and no new mail goes out, while the links already sent
 * keep working (the cap's window is no longer than a link's lifetime, so the last one is alive).
 */
export interface MailedLinkLimits {
  perIp: Limit;
  /** One address from one IP address. */
  perPair: Limit;
  /** Mails to one address from anywhere; never a 429. */
  perEmail: Limit;
}

export interface RequestLimits {
  /** Sign-in link requests and resends. */
  signInLink: MailedLinkLimits;
  passwordReset: MailedLinkLimits;
  /**
   * Join Allocation and Founder's List requests together. Nobody signs in through them, so the
   * address's limit may refuse (429): it locks no one out of an account.
   */
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

const FIFTEEN_MINUTES = 15 * MINUTE_MS;

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  // The address's window is at most the link's lifetime (15 min sign-in, 30 min reset).
  signInLink: {
    perIp: { max: 20, windowMs: FIFTEEN_MINUTES },
    perPair: { max: 5, windowMs: FIFTEEN_MINUTES },
    perEmail: { max: 10, windowMs: FIFTEEN_MINUTES },
  },
  passwordReset: {
    perIp: { max: 20, windowMs: FIFTEEN_MINUTES },
    perPair: { max: 5, windowMs: FIFTEEN_MINUTES },
    perEmail: { max: 10, windowMs: 30 * MINUTE_MS },
  },
  join: { perIp: { max: 20, windowMs: FIFTEEN_MINUTES }, perEmail: { max: 3, windowMs: HOUR_MS } },
  badLinks: { perIp: { max: 30, windowMs: FIFTEEN_MINUTES } },
  resendCooldownMs: MINUTE_MS,
};

/** The defaults with whatever buildApp's options change (tests set small numbers). */
export function resolveRequestLimits(overrides: RequestLimitOverrides = {}): RequestLimits {
  const d = DEFAULT_REQUEST_LIMITS;
  const mailed = (kind: 'signInLink' | 'passwordReset'): MailedLinkLimits => ({
    perIp: { ...d[kind].perIp, ...overrides[kind]?.perIp },
    perPair: { ...d[kind].perPair, ...overrides[kind]?.perPair },
    perEmail: { ...d[kind].perEmail, ...overrides[kind]?.perEmail },
  });
  return {
    signInLink: mailed('signInLink'),
    passwordReset: mailed('passwordReset'),
    join: { perIp: { ...d.join.perIp, ...overrides.join?.perIp }, perEmail: { ...d.join.perEmail, ...overrides.join?.perEmail } },
    badLinks: { perIp: { ...d.badLinks.perIp, ...overrides.badLinks?.perIp } },
    resendCooldownMs: overrides.resendCooldownMs ?? d.resendCooldownMs,
  };
}

/**
 * Budgets for requests that e-mail someone or try a link, counted first and atomically in the
 * database (shared/attempt-counter.ts), so every API instance sees the same numbers and a burst
 * cannot outrun them. Every request is counted, member or not, so the limits reveal nothing
 * about who is a member.
 */
export function createRequestLimiter(counter: AttemptCounter, limits: RequestLimits) {
  const badLinkRule = (ip: string): CountedRule => ({ key: `bad-link:ip:${ip}`, ...limits.badLinks.perIp });

  const refuse = (rule: CountedRule, kind: 'email' | 'network', until: Date, at: Date) => {
    const wait = waitInWords(until.getTime() - at.getTime());
    const message = kind === 'email' ? API_MESSAGES.emailRateLimited(wait) : API_MESSAGES.networkRateLimited(wait);
    return new ApiError('rateLimited', message, undefined, retryAfterHeader(until, at));
  };

  return {
    limits,

    /**
     * Counts one request, or refuses it (429 with Retry-After) when the sender's budget is spent.
     * Answers whether an e-mail may go out: false once the address's cap is spent (sign-in link
     * and reset), in which case the caller answers as usual and sends nothing.
     */
    async take(kind: MailedRequestKind, tenantId: string, rawEmail: string, ip: string, at: Date): Promise<{ mayMail: boolean }> {
      const email = rawEmail.toLowerCase();
      const ipRule: CountedRule = { key: `${kind}:ip:${ip}`, ...limits[kind].perIp };
      const emailRule: CountedRule = { key: `${kind}:email:${tenantId}:${email}`, ...limits[kind].perEmail };
      await counter.maybeSweep(at);
      if (kind === 'join') {
        // The address's limit is named first: it is the one a person who keeps pressing "send" meets.
        const counted = await counter.count([emailRule, ipRule], at);
        if (!counted.allowed) throw refuse(counted.rule, counted.rule === emailRule ? 'email' : 'network', counted.resetAt, at);
        return { mayMail: true };
      }
      const pairRule: CountedRule = { key: `${kind}:pair:${tenantId}:${email}:${ip}`, ...limits[kind].perPair };
      const counted = await counter.count([pairRule, ipRule], at);
      if (!counted.allowed) throw refuse(counted.rule, counted.rule === pairRule ? 'email' : 'network', counted.resetAt, at);
      // Only requests that got this far spend the address's cap: a refused one sends nothing anyway.
      const capped = await counter.count([emailRule], at);
      return { mayMail: capped.allowed };
    },

    /**
     * Counts one link exchange against the IP's budget of bad links, before the link is looked
     * at; refuses (429) when it is spent. Call `linkWorked` when the link turns out to be good.
     */
    async takeLinkTry(ip: string, at: Date): Promise<void> {
      const counted = await counter.count([badLinkRule(ip)], at);
      if (!counted.allowed) {
        const until = counted.resetAt;
        throw new ApiError('rateLimited', API_MESSAGES.badLinksRateLimited(waitInWords(until.getTime() - at.getTime())), undefined, retryAfterHeader(until, at));
      }
    },

    /** A link that worked costs nothing: its unit goes back. */
    async linkWorked(ip: string, at: Date): Promise<void> {
      await counter.giveBack([badLinkRule(ip).key], at);
    },
  };
}

export type RequestLimiter = ReturnType<typeof createRequestLimiter>;
