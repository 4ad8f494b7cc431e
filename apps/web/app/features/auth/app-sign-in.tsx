import type { ReactNode } from 'react';
import { useMemberLanding } from '../../lib/member-status/member-landing';
import { useLogin, useSession } from '../../lib/session/session.api';
import { SignInContext, type SignIn } from './sign-in';

/** The login page's session in the app: the ['token'] query, the login mutation and the landing. */
export function AppSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const login = useLogin();
  const landing = useMemberLanding();
  const value: SignIn = {
    token: session.known ? session.token : undefined,
    signIn: (input) => login.mutateAsync(input),
    landing,
  };
  return <SignInContext.Provider value={value}>{children}</SignInContext.Provider>;
}
