import type { BrandContact } from '@winery/domain';
import { TEST_CARDS } from '../modules/payments/test-gateway.js';
import { DEMO_MEMBERS } from './demo-sign-ins.js';

/**
 * The fictional demo producer's brands; mails sign with the primary one. The web app shows the
 * same contacts as its content (apps/web/app/content/brands/contacts.ts). A real producer replaces both.
 */
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

/** The demo members behind the demo sign-ins (demo-sign-ins.ts). */
export const DEMO_PEOPLE = [
  { email: DEMO_MEMBERS.offering, prefix: 'Mrs.', firstName: 'Eleanor', lastName: 'Whitcombe', phone: '+1 415 555 0123', dateOfBirth: '1972-04-18', company: null },
  { email: DEMO_MEMBERS.ordered, prefix: 'Mr.', firstName: 'James', lastName: 'Okafor', phone: '+1 212 555 0198', dateOfBirth: '1965-11-02', company: 'Okafor & Partners' },
  { email: DEMO_MEMBERS.member, prefix: 'Ms.', firstName: 'Sofia', lastName: 'Marchetti', phone: '+1 310 555 0177', dateOfBirth: '1980-07-09', company: null },
  { email: DEMO_MEMBERS.expired, prefix: 'Dr.', firstName: 'Henry', lastName: 'Lindqvist', phone: '+1 503 555 0150', dateOfBirth: '1958-02-27', company: null },
] as const;

/** Saved addresses and cards of the two members in the current offering; member@ has none. */
export const DEMO_WALLETS = [
  {
    email: DEMO_MEMBERS.offering,
    address: { address1: '2150 Silverado Trail', address2: null, city: 'Napa', stateCode: 'CA', zipCode: '94558', countryCode: 'US' },
    card: { cardNumber: TEST_CARDS.approved, cvv: '123', cardHolderName: 'Eleanor Whitcombe' },
  },
  {
    email: DEMO_MEMBERS.ordered,
    address: { address1: '410 Park Avenue', address2: 'Apt 12B', city: 'New York', stateCode: 'NY', zipCode: '10022', countryCode: 'US' },
    card: { cardNumber: '5555555555554444', cvv: '321', cardHolderName: 'James Okafor' },
  },
] as const;
