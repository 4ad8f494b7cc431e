import { pageMeta } from '../lib/i18n';
import { JoinRequestSentPage } from '../features/join-request/join-request-sent-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('allocationRequest', { noindex: true });

export default function JoinRequestSent() {
  return <JoinRequestSentPage />;
}
