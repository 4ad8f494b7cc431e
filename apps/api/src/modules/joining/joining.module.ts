import { createRequestLimiter } from '../links/request-limits.js';
import type { ApiModule } from '../module-parts.js';
import { createJoiningRepository } from './joining.repository.js';
import { joiningRoutes } from './joining.routes.js';
import { createJoiningService } from './joining.service.js';
import { createPlaceRepository, createPlaceService, createPlaceTokens } from './place-in-line.js';
import { createProspectList } from './staff-joining.repository.js';
import { staffJoiningRoutes } from './staff-joining.routes.js';

/** Prospects' requests to join (the allocation list, the Founder's List), and staff answering them. */
export const joiningModule: ApiModule = (parts) => {
  const { db, counter, mail, now, settings, signingKeys } = parts;
  // The same limiter (and counters) as links and passwords: every request that mails someone.
  const limiter = createRequestLimiter(counter, settings.requestLimits);
  // Signed under the server's token key, as the unsubscribe links are (ADR 022, 031).
  const placeTokens = createPlaceTokens(signingKeys.privateKey);
  const joining = createJoiningService({ repository: createJoiningRepository(db), mail, limiter, placeTokens, now });
  const place = createPlaceService({ repository: createPlaceRepository(db), tokens: placeTokens, counter, limiter, now });
  return {
    routes: async (v1) => {
      await v1.register(joiningRoutes, { joining, place, minimumAge: settings.minimumAge, now });
      await v1.register(staffJoiningRoutes, { joining, prospects: createProspectList(db) });
    },
  };
};
