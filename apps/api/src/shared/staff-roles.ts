import { STAFF_ROLES, type StaffRole } from '@winery/domain';

/** Methods that only read; every other method may change data. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The least role a staff route needs when it declares none: reads are open to every role, and
 * anything else needs a manager, so a route added without thought is never open to viewers.
 */
export function defaultStaffRole(method: string): StaffRole {
  return READ_METHODS.has(method.toUpperCase()) ? 'viewer' : 'manager';
}

/** STAFF_ROLES is ranked from most to least: a role may do what every role after it may. */
export function staffRoleAllows(role: StaffRole, required: StaffRole): boolean {
  const rank = STAFF_ROLES.indexOf(role);
  return rank !== -1 && rank <= STAFF_ROLES.indexOf(required);
}

/** The role that satisfies every one of `roles` (for a route that answers several methods). */
export function strictestStaffRole(roles: readonly StaffRole[]): StaffRole {
  return STAFF_ROLES.find((role) => roles.includes(role)) ?? 'admin';
}

/** What the OpenAPI description of a staff route says about who may call it. */
export function staffRoleSentence(required: StaffRole): string {
  switch (required) {
    case 'viewer':
      return 'Open to every staff role (viewer, manager, admin).';
    case 'manager':
      return 'Needs the manager or admin staff role; a viewer gets 403.';
    case 'admin':
      return 'Needs the admin staff role; managers and viewers get 403.';
  }
}
