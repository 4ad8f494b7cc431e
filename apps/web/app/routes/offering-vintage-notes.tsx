import { pageMeta } from '../lib/i18n';
import { OfferingVintageNotesPage } from '../features/offering/offering-pages';

export const meta = () => pageMeta('offeringVintageNotes', { noindex: true });

export default function OfferingVintageNotes() {
  return <OfferingVintageNotesPage />;
}
