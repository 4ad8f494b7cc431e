import { pageMeta } from '../lib/i18n';
import { AllocationRequestPage } from '../features/joining/allocation-request-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('allocationRequest', { noindex: true });

export default function AllocationRequest() {
  return <AllocationRequestPage />;
}
