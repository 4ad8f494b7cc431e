import { pageMeta } from '../lib/i18n';
import { UnsubscribePage } from '../features/unsubscribe/unsubscribe-page';
// The e-mailed link pages' styles (joining.css), and this page's own; only this page loads them.
import '../styles/joining.css';
import '../styles/unsubscribe.css';

export const meta = () => pageMeta('unsubscribe', { noindex: true });

export default function Unsubscribe() {
  return <UnsubscribePage />;
}
