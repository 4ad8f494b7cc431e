import { createContext, useContext } from 'react';
import type { LoginInput } from '@winery/domain';

/**
 * What the login page needs of the member's session. The app answers it from its query cache
 * (app-sign-in.tsx); the login page's island, which has no cache, from storage and two API calls
 * (island/pages/login.tsx). The page and its form are the same components in both.
 */
export interface SignIn {
  /** The member's stored token: undefined until the browser has read its storage, then it or null. */
  token: string | null | undefined;
  /** Signs in with an e-mail address and password and starts the session; rejects with the API's error. */
  signIn(input: LoginInput): Promise<unknown>;
  /** Where a signed-in member starts: their offering's letter or selection, the order summary, Offering Closed or the account. */
  landing(token: string): Promise<string>;
}

export const SignInContext = createContext<SignIn | null>(null);

export function useSignIn(): SignIn {
  const signIn = useContext(SignInContext);
  if (!signIn) throw new Error('The login page needs a SignInContext provider');
  return signIn;
}
