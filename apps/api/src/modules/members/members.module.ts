import type { ApiModule } from '../module-parts.js';
import { createMembersRepository } from './members.repository.js';
import { membersRoutes } from './members.routes.js';

/** Members as the staff console lists them (read-only until issue 14's member management). */
export const membersModule: ApiModule = ({ db }) => ({
  routes: async (v1) => {
    await v1.register(membersRoutes, { members: createMembersRepository(db) });
  },
});
