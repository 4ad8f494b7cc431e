import type { Route } from './+types/philosophy';
import { pageMeta } from '../lib/i18n';
import { loadPageData } from '../lib/route-loading/page-data';
import { getPhilosophy } from '../features/brochure/brochure-content.server';
import { PhilosophyPage } from '../features/brochure/philosophy-page';

export const meta = () => pageMeta('philosophy', { path: '/philosophy', type: 'article' });

export const loader = () => getPhilosophy();

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadPageData(serverLoader);

export default function Philosophy({ loaderData }: Route.ComponentProps) {
  return <PhilosophyPage content={loaderData} />;
}
