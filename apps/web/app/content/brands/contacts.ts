import type { BrandContact } from '@winery/domain';

/**
 * The producer's brands and their contacts, as the footer and the contact blocks show them: site
 * content, which a real producer replaces with the rest of content/. The API's demo seed gives its
 * demo tenant the same brands for the signatures of its mails (apps/api/src/demo/demo-producer.ts).
 */
export const BRAND_CONTACTS: readonly BrandContact[] = [
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

/** The brand that speaks for the producer. */
export const PRIMARY_BRAND: BrandContact = BRAND_CONTACTS.find((brand) => brand.primary) ?? BRAND_CONTACTS[0]!;
