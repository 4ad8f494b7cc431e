import type { StaffRole } from '@winery/domain';

/** A signed-in member: set on `request.member` for member routes. */
export interface SignedInMember {
  customerId: string;
  email: string;
  tenant: string;
  sessionId: string;
}

/** A signed-in staff member: set on `request.staff` for every `/v1/staff/…` route but sign-in. */
export interface SignedInStaff {
  staffUserId: string;
  email: string;
  name: string;
  /** Read from the database on every request, so a changed role applies at once. */
  role: StaffRole;
  sessionId: string;
}

/** Who a request may be signed in as, by audience (the name of its `request` property). */
export interface Principals {
  member: SignedInMember;
  staff: SignedInStaff;
}
