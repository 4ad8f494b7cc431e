import type { Database } from '../../db/database.js';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import type { AttemptCounter } from '../../shared/attempt-counter.js';
import type { MailService } from '../mail/mail.service.js';
import type { Audience } from './audiences.js';
import { burnPasswordCheck, verifyPassword, withPasswordTurn } from './password.service.js';
import { createSessionStore } from './session-store.js';
import { createSignInGuard, signInKeys, type LoginLimits } from './sign-in-limits.js';
import type { SigningKeys } from './signing-keys.js';
import type { TokenClaims } from './token.service.js';

/** An account that signs in with a password, as the sign-in needs it. */
export interface SignInAccount {
  id: string;
  /** Lowercased, as stored. */
  email: string;
  /** Null for a member who has never set a password (invited, or signed in by link only). */
  passwordHash: string | null;
  /** How the alert about failed sign-ins greets the owner. */
  greeting: string;
}

/** What differs between members and staff; the flow itself is the same for both. */
export interface SignInAudience<A extends SignInAccount, P> {
  audience: Audience;
  /** `email` is already lowercased. */
  findAccount(tenantId: string, email: string): Promise<A | undefined>;
  /** After a right password, before the token is answered (members: the sign-in is recorded). */
  signedIn?(tenantId: string, account: A, at: Date, ip: string): Promise<void>;
  /** Who a live session stands for; undefined when the account is gone. */
  principal(tenantId: string, claims: TokenClaims): Promise<P | undefined>;
}

/** What both audiences' sign-ins are built from: the same limits, counters and signing key. */
export interface SignInParts {
  db: Database;
  signingKeys: SigningKeys;
  counter: AttemptCounter;
  mail: Pick<MailService, 'enqueue'>;
  limits: LoginLimits;
  now: () => Date;
}

/**
 * Password sign-in, sign-out and the check of every signed-in request, for one audience. Guesses
 * are counted before the password is looked at and never lock the account (ADR 012); an unknown
 * e-mail costs one hash like a known one, so timing does not tell which accounts exist.
 */
export function createPasswordSignIn<A extends SignInAccount, P>(parts: SignInParts, deps: SignInAudience<A, P>) {
  const { counter, mail, limits, now } = parts;
  const { audience } = deps;
  const sessions = createSessionStore({ db: parts.db, keys: parts.signingKeys, audience, now });
  const guard = createSignInGuard(counter, limits);

  return {
    /**
     * Waits its turn first (withPasswordTurn): a burst of sign-ins takes its hashes and queries a
     * few at a time, and other members' requests are served in between (issue 16).
     */
    login(tenantId: string, input: { email: string; password: string }, ip: string): Promise<{ token: string }> {
      return withPasswordTurn(() => signIn(tenantId, input, ip));
    },

    async logout(tenantId: string, sessionId: string): Promise<void> {
      await sessions.end(tenantId, sessionId);
    },

    /** Who is behind a token valid for this tenant right now, or an unauthorized error. */
    async authenticate(tenantId: string, authorization: string | undefined): Promise<P> {
      const claims = await sessions.verify(tenantId, authorization);
      const principal = await deps.principal(tenantId, claims);
      if (principal === undefined) throw new ApiError('unauthorized', API_MESSAGES.sessionEnded);
      return principal;
    },
  };

  async function signIn(tenantId: string, input: { email: string; password: string }, ip: string): Promise<{ token: string }> {
    const email = input.email.toLowerCase();
    const at = now();
    const keys = signInKeys(audience, tenantId, email, ip);
    // Counted before the password is looked at, so a burst cannot outrun the count (ADR 012).
    await guard.admit(keys, at);

    const account = await deps.findAccount(tenantId, email);
    let valid = false;
    if (account?.passwordHash) valid = await verifyPassword(input.password, account.passwordHash);
    else await burnPasswordCheck(input.password);

    if (!account || !valid) {
      // The account is never locked; its owner hears of a run of failures, once per window.
      if ((await guard.failed(keys, at)) && account) {
        await mail.enqueue({
          tenantId,
          to: account.email,
          template: { kind: 'sign-in-attempts', firstName: account.greeting, audience },
        });
      }
      throw new ApiError('unauthorized', API_MESSAGES.invalidCredentials);
    }

    await guard.succeeded(keys, at);
    await deps.signedIn?.(tenantId, account, at, ip);
    const token = await sessions.start({ tenantId, subjectId: account.id, email: account.email, at });
    return { token };
  }
}

export type PasswordSignIn<P> = ReturnType<typeof createPasswordSignIn<SignInAccount, P>>;
