import { pageMeta } from '../lib/i18n';
import { SomethingWentWrongPage } from '../features/errors/error-pages';

export const meta = () => pageMeta('error', { noindex: true });

export default function SomethingWentWrong() {
  return <SomethingWentWrongPage />;
}
