import type { ApiModule } from '../module-parts.js';
import { authRoutes, passwordChangeRoutes } from './auth.routes.js';
import { createPasswordChangeService } from './password-change.service.js';

/** Members' password sign-in and sign-out, and the change of their password. */
export const authModule: ApiModule = ({ db, counter, now, memberSignIn, settings }) => {
  const passwordChange = createPasswordChangeService({ db, counter, limits: settings.loginLimits, now });
  return {
    routes: async (v1) => {
      await v1.register(authRoutes, { signIn: memberSignIn });
    },
    ownRoutes: async (scope) => {
      await scope.register(passwordChangeRoutes, { passwordChange });
    },
  };
};
