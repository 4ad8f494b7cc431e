import type { ApiModule } from '../module-parts.js';
import { createInvitationsRepository } from './invitations.repository.js';
import { invitationsRoutes } from './invitations.routes.js';
import { createInvitationsService } from './invitations.service.js';

/** Invitations to offerings and reminders: sent by staff, and the scheduled reminder on the mail worker's tick. */
export const invitationsModule: ApiModule = ({ db, mail, now, log }) => {
  const invitations = createInvitationsService({ repository: createInvitationsRepository(db), mail, now, log });
  mail.onTick(() => invitations.remindDue());
  return {
    routes: async (v1) => {
      await v1.register(invitationsRoutes, { invitations });
    },
  };
};
