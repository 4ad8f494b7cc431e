import { pageMeta } from '../lib/i18n';
import { FoundersListPage } from '../features/join-request/founders-list-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('foundersList', { noindex: true });

export default function FoundersList() {
  return <FoundersListPage />;
}
