import type { Route } from './+types/matriarch';
import { pageMeta } from '../lib/i18n';
import { loadPageData } from '../lib/route-loading/page-data';
import { getMatriarch } from '../features/brochure/brochure-content.server';
import { MatriarchPage } from '../features/brochure/matriarch-page';

export const meta = () => pageMeta('matriarch', { path: '/matriarch', type: 'article' });

export const loader = () => getMatriarch();

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadPageData(serverLoader);

export default function Matriarch({ loaderData }: Route.ComponentProps) {
  return <MatriarchPage content={loaderData} />;
}
