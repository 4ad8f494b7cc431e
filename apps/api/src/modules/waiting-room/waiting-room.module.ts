import type { ApiModule, ModuleParts } from '../module-parts.js';
import { createWaitingRoomRepository } from './waiting-room.repository.js';
import { staffWaitingRoomRoutes, waitingRoomRoutes } from './waiting-room.routes.js';
import { createWaitingRoomService } from './waiting-room.service.js';

/**
 * The waiting room as the app's parts build it. Other areas refuse a member not yet through with
 * its assertAdmitted (cart writes, holds, and order placement when the order's context says the
 * member was not yet seen through); it keeps no state of its own, so each area may build its own.
 */
export const waitingRoomFrom = ({ db, now }: Pick<ModuleParts, 'db' | 'now'>) =>
  createWaitingRoomService({ repository: createWaitingRoomRepository(db), now });

export const waitingRoomModule: ApiModule = (parts) => {
  const room = waitingRoomFrom(parts);
  return {
    routes: async (v1) => {
      await v1.register(staffWaitingRoomRoutes, { room });
    },
    ownRoutes: async (scope) => {
      await scope.register(waitingRoomRoutes, { room });
    },
  };
};
