import { pageMeta } from '../lib/i18n';
import { JoinRequestPage } from '../features/join-request/join-request-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('allocation', { path: '/allocation' });

export default function JoinRequest() {
  return <JoinRequestPage />;
}
