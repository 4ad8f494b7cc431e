import { pageMeta } from '../lib/i18n';
import { JoinAllocationPage } from '../features/joining/join-allocation-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('allocation', { path: '/allocation' });

export default function JoinAllocation() {
  return <JoinAllocationPage />;
}
