import { pageMeta } from '../lib/i18n';
import { OfferingCheckoutPage } from '../features/offering/offering-pages';

export const meta = () => pageMeta('offeringCheckout', { noindex: true });

export default function OfferingCheckout() {
  return <OfferingCheckoutPage />;
}
