import { pageMeta } from '../lib/i18n';
import { OfferingCheckoutPage } from '../features/checkout/checkout-page';

export const meta = () => pageMeta('offeringCheckout', { noindex: true });

export default function OfferingCheckout() {
  return <OfferingCheckoutPage />;
}
