import { z } from 'zod';
import { requiredText } from './fields.js';
import { EmailSchema } from './login.js';
import { idInput } from './params.js';
import { STAFF_ROLES } from './staff.js';

/*
 * Staff accounts (issue 14, item 7): admins invite colleagues by e-mail (a create-password link,
 * ADR 016), change their role and deactivate them. Admin only.
 */

export const STAFF_NAME_MAX_LENGTH = 100;

const StaffRoleInputSchema = z.enum(STAFF_ROLES, { error: 'invalidRole' });

/** `POST /v1/staff/accounts`: invite a colleague. */
export const StaffAccountInviteSchema = z.object({
  email: EmailSchema,
  name: requiredText('nameRequired', STAFF_NAME_MAX_LENGTH),
  role: StaffRoleInputSchema,
});
export type StaffAccountInviteInput = z.infer<typeof StaffAccountInviteSchema>;

/** `PUT /v1/staff/accounts/:staffUserId`: change a colleague's role. */
export const StaffAccountUpdateSchema = z.object({ role: StaffRoleInputSchema });
export type StaffAccountUpdateInput = z.infer<typeof StaffAccountUpdateSchema>;

export const StaffAccountParamsSchema = z.object({ staffUserId: idInput() });

export const StaffAccountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** False once deactivated: they cannot sign in. */
  active: z.boolean(),
  /** Invited and has not yet created a password. */
  invitationPending: z.boolean(),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;
