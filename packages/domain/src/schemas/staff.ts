import { z } from 'zod';
import { LoginSchema, TokenResponseSchema } from './login.js';
import { integerInput } from './primitives.js';

/*
 * The staff API (`/v1/staff/…`) and, later, the staff console's forms. Staff speak of wines by
 * their catalogue id (`wines.id`) everywhere: in an offering's wines, its combination rules, a
 * member's allocation lines and wishes. Members see the same wines by their offering-wine id
 * (`OfferingWineSchema.id`), which exists only once a wine is in an offering.
 *
 * By aggregate: the staff account and the units every staff form uses (here), the catalogue
 * (staff-catalogue.ts), offerings (staff-offerings.ts), members' allocations
 * (staff-allocations.ts), wishes (staff-wishes.ts) and rate tables (staff-rates.ts).
 */

/**
 * What a staff member may do: `admin` everything, `manager` everything but staff accounts,
 * `viewer` only read. Ranked: each role may do what the roles after it may.
 */
export const STAFF_ROLES = ['admin', 'manager', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Staff sign in like members (e-mail and password) at their own endpoint. */
export const StaffLoginSchema = LoginSchema;
export type StaffLoginInput = z.infer<typeof StaffLoginSchema>;
export const StaffTokenResponseSchema = TokenResponseSchema;

/** A staff session lasts one working day; members keep theirs for 90 days. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export const StaffUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

/** Money in whole cents; up to a million dollars, far above any bottle or order minimum. */
export const CentsInputSchema = integerInput({ min: 0, max: 100_000_000 });

/** Bottles in a location: larger than any one member's quantity. */
export const StockQuantitySchema = integerInput({ min: 0, max: 1_000_000, error: 'invalidQuantity' });

/** `GET /v1/staff/tenant`: the winery; the console shows dates in its time zone (IANA name). */
export const StaffTenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
});
export type StaffTenant = z.infer<typeof StaffTenantSchema>;
