import { pageMeta } from '../lib/i18n';
import { MagicLinkPage } from '../features/links/magic-link-page';
// Styles of the joining, password and e-mailed link pages; only these pages load them.
import '../styles/joining.css';

export const meta = () => pageMeta('magicLink', { noindex: true });

export default function MagicLink() {
  return <MagicLinkPage />;
}
