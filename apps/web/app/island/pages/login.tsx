import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ACCOUNT_PATH, memberHome } from '@winery/domain';
import { LoginPage } from '../../features/auth/login-page';
import { SignInContext, type SignIn } from '../../features/auth/sign-in';
import { getStore } from '../../lib/session/browser-store';
import { customerIdFromToken, requestSessionToken, storeSession } from '../../lib/session/session';
import { readStoredSession } from '../../lib/session/storage';
import { memberAllocation } from '../member-navigation';
import { hydrateMain } from '../runtime/hydrate';

/**
 * Where a signed-in member starts (seed §4), as the app's useMemberLanding decides it: their open
 * offering's letter or selection, the order summary, Offering Closed, else (no allocation, or it
 * cannot be read just now) the account.
 */
export async function memberLanding(token: string, fetcher: typeof fetch = fetch): Promise<string> {
  const customerId = customerIdFromToken(token);
  if (!customerId) return ACCOUNT_PATH;
  try {
    const { status, metaData } = await memberAllocation(customerId, token, fetcher);
    return memberHome(status, metaData);
  } catch {
    return ACCOUNT_PATH;
  }
}

/** The stored token, read once after hydration (an expired one is cleared on the way), then kept here. */
const session = {
  read: false,
  token: null as string | null,
  listeners: new Set<() => void>(),
  snapshot(): string | null {
    if (!session.read) {
      session.token = readStoredSession(getStore()).token;
      session.read = true;
    }
    return session.token;
  },
  set(token: string): void {
    session.token = token;
    session.read = true;
    for (const listener of session.listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    session.listeners.add(listener);
    return () => session.listeners.delete(listener);
  },
};

/** The login page's session without the app: storage, the login call and the landing. */
function IslandSignIn({ children }: { children: ReactNode }) {
  // Unknown in the prerendered HTML and while hydrating, as in the app.
  const token = useSyncExternalStore(session.subscribe, session.snapshot, () => undefined);
  const value = useMemo<SignIn>(
    () => ({
      token,
      signIn: async (input) => session.set(storeSession(await requestSessionToken(input))),
      landing: memberLanding,
    }),
    [token],
  );
  return <SignInContext.Provider value={value}>{children}</SignInContext.Provider>;
}

export default function start(): void {
  hydrateMain(
    <IslandSignIn>
      <LoginPage />
    </IslandSignIn>,
  );
}
