import { pageMeta } from '../lib/i18n';
import { OfferingClosedRoutePage } from '../features/offering/offering-pages';

export const meta = () => pageMeta('offeringClosed', { noindex: true });

export default function OfferingClosed() {
  return <OfferingClosedRoutePage />;
}
