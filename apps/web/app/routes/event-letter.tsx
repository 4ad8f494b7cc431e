import { pageMeta } from '../lib/i18n';
import { EventLetterPage } from '../features/offering/offering-pages';

export const meta = () => pageMeta('eventLetter', { noindex: true });

export default function EventLetter() {
  return <EventLetterPage />;
}
