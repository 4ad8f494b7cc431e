import { pageMeta } from '../lib/i18n';
import { OfferingThankYouPage } from '../features/offering/offering-pages';

export const meta = () => pageMeta('offeringThankYou', { noindex: true });

export default function OfferingThankYou() {
  return <OfferingThankYouPage />;
}
