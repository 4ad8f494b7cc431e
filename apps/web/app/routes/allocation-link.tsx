import { pageMeta } from '../lib/i18n';
import { LinkExchangePage } from '../features/links/link-exchange-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('allocationLink', { noindex: true });

export default function AllocationLink() {
  return <LinkExchangePage purpose="allocation" />;
}
