/**
 * The fictional demo producer. The API seeds it into the database and the web build renders its
 * contacts into the footer, so both come from this one place. A real producer replaces it.
 */
export interface BrandContact {
  slug: string;
  name: string;
  phone: string;
  email: string;
  postalAddress: {
    line1: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  primary: boolean;
}

export const DEMO_TENANT = { slug: 'demo', name: 'Aldermoor Estate' } as const;

export const DEMO_BRANDS: readonly BrandContact[] = [
  {
    slug: 'aldermoor',
    name: 'Aldermoor Estate',
    phone: '+1 707 555 0142',
    email: 'info@aldermoor.example',
    postalAddress: { line1: 'PO Box 412', city: 'Oakville', state: 'CA', postalCode: '94562', country: 'US' },
    primary: true,
  },
  {
    slug: 'matriarch',
    name: 'Matriarch',
    phone: '+1 707 555 0187',
    email: 'hello@matriarch.example',
    postalAddress: { line1: 'PO Box 97', city: 'Oakville', state: 'CA', postalCode: '94562', country: 'US' },
    primary: false,
  },
];

/** Demo sign-ins (README, seed data, browser tests). */
export const DEMO_PASSWORD = 'Vintage-2026!';
export const DEMO_MEMBERS = {
  offering: 'offering@example.com',
  ordered: 'ordered@example.com',
  member: 'member@example.com',
  expired: 'expired@example.com',
} as const;

/** The demo's staff sign-in (same password), for the staff API and console. */
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
