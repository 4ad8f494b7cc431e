import { mailedLinkParts } from '../links/links.module.js';
import type { ApiModule } from '../module-parts.js';
import { createPasswordsRepository } from './passwords.repository.js';
import { passwordsRoutes } from './passwords.routes.js';
import { createPasswordsService } from './passwords.service.js';

/** Forgotten passwords and first passwords, by e-mailed link. */
export const passwordsModule: ApiModule = (parts) => {
  const passwords = createPasswordsService({
    repository: createPasswordsRepository(parts.db),
    ...mailedLinkParts(parts),
    mail: parts.mail,
    uniformAnswerMs: parts.settings.uniformAnswerMs,
    now: parts.now,
  });
  return {
    routes: async (v1) => {
      await v1.register(passwordsRoutes, { passwords });
    },
  };
};
