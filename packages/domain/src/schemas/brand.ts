/**
 * One of a producer's labels with its contacts (PRODUCT.md, "Brands"): the API keeps them per
 * tenant (mails sign with the primary one), the web app shows them in its footer and contact blocks.
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
  /** The brand that speaks for the producer. */
  primary: boolean;
}
