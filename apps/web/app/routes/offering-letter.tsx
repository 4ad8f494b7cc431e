import { pageMeta } from '../lib/i18n';
import { OfferingLetterPage } from '../features/offering/offering-pages';

export const meta = () => pageMeta('offeringLetter', { noindex: true });

export default function OfferingLetter() {
  return <OfferingLetterPage />;
}
