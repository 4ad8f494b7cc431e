import { pageMeta } from '../lib/i18n';
import { OfferingIndexPage } from '../features/offering/offering-pages';

export const meta = () => pageMeta('offering', { noindex: true });

export default function Offering() {
  return <OfferingIndexPage />;
}
