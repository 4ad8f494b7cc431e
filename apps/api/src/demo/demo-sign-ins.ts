/**
 * The demo's sign-ins (README, the server's start banner, the browser tests). No imports, so the
 * browser tests can take them without loading the API.
 */
export const DEMO_TENANT = { slug: 'demo', name: 'Aldermoor Estate' } as const;

/** Every demo member's and staff user's password. */
export const DEMO_PASSWORD = 'Vintage-2026!';

export const DEMO_MEMBERS = {
  offering: 'offering@example.com',
  ordered: 'ordered@example.com',
  member: 'member@example.com',
  expired: 'expired@example.com',
} as const;

/** The demo's administrator, for the staff API and console. */
export const DEMO_STAFF = {
  email: 'staff@example.com',
  name: 'Naomi Whitcombe',
  role: 'admin',
} as const;

/** One demo staff sign-in per role (same password): admin first, then manager and viewer. */
export const DEMO_STAFF_USERS = [
  DEMO_STAFF,
  { email: 'manager@example.com', name: 'Tomas Ferreira', role: 'manager' },
  { email: 'viewer@example.com', name: 'Ines Calloway', role: 'viewer' },
] as const;

const STAFF_ROLE_STORIES = {
  admin: 'everything in the staff API',
  manager: 'everything but staff accounts',
  viewer: 'reads only, every change answers 403',
} as const;

/** The demo sign-ins, in the order the README and the server's start banner list them. */
export const DEMO_SIGN_INS = [
  { email: DEMO_MEMBERS.offering, story: 'in the current offering, no order yet' },
  { email: DEMO_MEMBERS.ordered, story: 'in the current offering, one pending order' },
  { email: DEMO_MEMBERS.member, story: 'a member with no allocation' },
  { email: DEMO_MEMBERS.expired, story: 'an offering that ended 10 days ago, no order' },
  ...DEMO_STAFF_USERS.map((staff) => ({
    email: staff.email,
    story: `staff, ${staff.role}: ${STAFF_ROLE_STORIES[staff.role]} (console at /staff)`,
  })),
] as const;
