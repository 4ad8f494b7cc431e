import privacy from '../../content/legal/privacy.json';
import terms from '../../content/legal/terms.json';
import shippingPolicy from '../../content/legal/shipping-policy.json';
import type { LegalDocument, LegalPageData } from './legal-content';

/*
 * Read only by route loaders, which run at build time (prerendering): the words reach the browser
 * as HTML and page data, never inside the JavaScript bundle. The typed constants make the compiler
 * check each file against its shape.
 */
const PRIVACY: LegalDocument = privacy;
const TERMS: LegalDocument = terms;
const SHIPPING_POLICY: LegalDocument = shippingPolicy;

export const getPrivacyPolicy = (): LegalPageData => ({ path: '/privacy', content: PRIVACY });
export const getTermsOfSale = (): LegalPageData => ({ path: '/terms', content: TERMS });
export const getShippingPolicy = (): LegalPageData => ({ path: '/shipping-policy', content: SHIPPING_POLICY });
