import { SESSION_TTL_MS, STAFF_SESSION_TTL_MS } from '@winery/domain';

/** Who signs in: the winery's members, or its staff. One sign-in, session and token core serves both. */
export type Audience = 'member' | 'staff';

export const TOKEN_ISSUER = 'winery-api';

/**
 * One key signs both audiences' tokens, each with its own `aud`. jose checks the audience on both
 * sides, so a member token never opens the staff API and a staff token never opens a member route.
 */
export const TOKEN_AUDIENCES: Record<Audience, string> = {
  member: 'winery-members',
  staff: 'winery-staff',
};

/** How long a session lasts: a member stays signed in for 90 days, staff for 12 hours. */
export const SESSION_LIFETIMES_MS: Record<Audience, number> = {
  member: SESSION_TTL_MS,
  staff: STAFF_SESSION_TTL_MS,
};
