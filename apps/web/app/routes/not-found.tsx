import { pageMeta } from '../lib/i18n';
import { NotFoundPage } from '../features/errors/error-pages';

export const meta = () => pageMeta('notFound', { noindex: true });

export default function NotFound() {
  return <NotFoundPage />;
}
